/** The mail with a link to choose a new password; the link works for one hour. */
export function passwordResetMail(input: { name: string; link: string }): { subject: string; text: string } {
  return {
    subject: 'Reset your Postflow password',
    text: [
      `Hello ${input.name},`,
      '',
      'Someone (hopefully you) asked to reset the password of your Postflow account.',
      'Open this link within one hour to choose a new password:',
      '',
      input.link,
      '',
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ].join('\n'),
  };
}

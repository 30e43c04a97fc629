import type { Queryable } from '../../db/client';

export interface EmailRecord {
  id: string;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string | null;
  status: 'queued' | 'sent' | 'stored' | 'failed';
}

export function createEmailsRepository(db: Queryable) {
  return {
    async insert(email: { userId: string | null; to: string; subject: string; text: string; html: string | null }): Promise<string> {
      const { rows } = await db.query<{ id: string }>(
        'INSERT INTO emails (user_id, to_address, subject, text_body, html_body) VALUES ($1, $2, $3, $4, $5) RETURNING id',
        [email.userId, email.to, email.subject, email.text, email.html],
      );
      return (rows[0] as { id: string }).id;
    },
    async findById(id: string): Promise<EmailRecord | undefined> {
      const { rows } = await db.query<EmailRecord>(
        `SELECT id, to_address AS "toAddress", subject, text_body AS "textBody", html_body AS "htmlBody", status
         FROM emails WHERE id = $1`,
        [id],
      );
      return rows[0];
    },
    /**
     * Once delivered, the body (which may hold a one-time link) is no longer needed here; keeping
     * it would let anyone who can read the database use the link.
     */
    async markSent(id: string, now: Date): Promise<void> {
      await db.query(`UPDATE emails SET status = 'sent', sent_at = $2, text_body = '', html_body = NULL, error = NULL WHERE id = $1`, [
        id,
        now,
      ]);
    },
    async markStored(id: string): Promise<void> {
      await db.query(`UPDATE emails SET status = 'stored' WHERE id = $1 AND status = 'queued'`, [id]);
    },
    async markFailed(id: string, error: string): Promise<void> {
      await db.query(`UPDATE emails SET status = 'failed', error = $2 WHERE id = $1 AND status <> 'sent'`, [id, error]);
    },
  };
}
export type EmailsRepository = ReturnType<typeof createEmailsRepository>;

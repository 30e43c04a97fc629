/** Placeholder until the networks issue builds the connect and disconnect cards. */
export function ConnectAccountsPage() {
  return (
    <section>
      <title>Connect Your Accounts · Postflow</title>
      <h1 className="text-2xl font-bold text-slate-900">Connect Your Accounts</h1>
      <p className="mt-1 text-slate-600">Link your social media accounts to manage all your content in one place</p>
    </section>
  );
}

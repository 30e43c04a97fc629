/** Placeholder until the profile issue builds it. */
export function ProfilePage() {
  return (
    <section>
      <title>Profile · Postflow</title>
      <h1 className="text-2xl font-bold text-slate-900">Profile</h1>
    </section>
  );
}

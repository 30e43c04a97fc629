/** Placeholder until the create-post wizard issue builds it. */
export function CreatePostPage() {
  return (
    <section>
      <title>Create Post · Postflow</title>
      <h1 className="text-2xl font-bold text-slate-900">Create Post</h1>
    </section>
  );
}

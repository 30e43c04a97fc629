import type { Queryable } from '../../db/client';

export function createFeedbackRepository(db: Queryable) {
  return {
    async insertFeedback(feedback: { userId: string; type: string; title: string; content: string }): Promise<string> {
      const { rows } = await db.query<{ id: string }>(
        'INSERT INTO feedback (user_id, type, title, content) VALUES ($1, $2, $3, $4) RETURNING id',
        [feedback.userId, feedback.type, feedback.title, feedback.content],
      );
      return (rows[0] as { id: string }).id;
    },

    /** Who sent the feedback, for the message to the team. */
    async contactOf(userId: string): Promise<{ name: string; email: string | null } | undefined> {
      const { rows } = await db.query<{ name: string; email: string | null }>('SELECT name, email FROM users WHERE id = $1', [userId]);
      return rows[0];
    },
  };
}

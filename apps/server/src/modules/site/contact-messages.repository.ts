import type { Queryable } from '../../db/client';

export interface NewContactMessage {
  name: string;
  email: string;
  title: string;
  content: string;
}

export interface ContactMessageRecord extends NewContactMessage {
  id: string;
  type: 'CONTACT';
  emailId: string | null;
  createdAt: Date;
}

export function createContactMessagesRepository(db: Queryable) {
  return {
    async insert(message: NewContactMessage, createdAt: Date): Promise<string> {
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO contact_messages (name, email, title, content, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [message.name, message.email, message.title, message.content, createdAt],
      );
      return (rows[0] as { id: string }).id;
    },
    async linkEmail(id: string, emailId: string): Promise<void> {
      await db.query('UPDATE contact_messages SET email_id = $2 WHERE id = $1', [id, emailId]);
    },
    async findById(id: string): Promise<ContactMessageRecord | undefined> {
      const { rows } = await db.query<ContactMessageRecord>(
        `SELECT id, type, name, email, title, content, email_id AS "emailId", created_at AS "createdAt"
         FROM contact_messages WHERE id = $1`,
        [id],
      );
      return rows[0];
    },
  };
}
export type ContactMessagesRepository = ReturnType<typeof createContactMessagesRepository>;

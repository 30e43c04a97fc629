import type { Network } from '@postflow/contract';
import type { Queryable } from '../../db/client';

export function createLoginTicketsRepository(db: Queryable) {
  return {
    async create(ticket: { ticketHash: Buffer; userId: string; network: Network; expiresAt: Date }): Promise<void> {
      await db.query('INSERT INTO login_tickets (ticket_hash, user_id, network, expires_at) VALUES ($1, $2, $3, $4)', [
        ticket.ticketHash,
        ticket.userId,
        ticket.network,
        ticket.expiresAt,
      ]);
    },
    /** Marks the ticket used if it is good for this network and still fresh; answers its user. */
    async redeem(ticketHash: Buffer, network: Network, now: Date): Promise<string | undefined> {
      const { rows } = await db.query<{ userId: string }>(
        `UPDATE login_tickets SET used_at = $3
         WHERE ticket_hash = $1 AND network = $2 AND used_at IS NULL AND expires_at > $3
         RETURNING user_id AS "userId"`,
        [ticketHash, network, now],
      );
      return rows[0]?.userId;
    },
    async deleteExpired(now: Date): Promise<void> {
      await db.query('DELETE FROM login_tickets WHERE expires_at < $1', [now]);
    },
  };
}

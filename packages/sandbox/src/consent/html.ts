import type { FastifyReply } from 'fastify';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/** A consent or error page: never cached, since it carries a one-time request. */
export function sendHtml(reply: FastifyReply, status: number, body: string): string {
  reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store');
  return body;
}

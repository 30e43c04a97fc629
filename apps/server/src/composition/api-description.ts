/** The OpenAPI document's introduction (/api/docs): how to call the API with a personal key (docs/api.md). */
export const API_DESCRIPTION = [
  'Every call the Postflow web app makes. Request and response schemas come from @postflow/contract.',
  '',
  '## API keys',
  'Create a key in Settings → API keys and send it as a bearer token: `Authorization: Bearer pf_ak_…`. A key acts as the person who made it, in the workspace it was made in, and only on the calls its scopes allow (`posts:read`, `posts:write`, `analytics:read`, `channels:read`); each call below that takes a key names its scope and shows an example of its parameters and body. Every answer to a key carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`; past the limit the answer is 429 with `Retry-After`.',
  '',
  'Upload an image, then schedule a post with it:',
  '```',
  'curl -H "Authorization: Bearer $KEY" -F media=@photo.jpg https://postflow.example/api/v1/media',
  'curl -H "Authorization: Bearer $KEY" -H "Content-Type: application/json" \\',
  '  -d \'{"text":"Hello","platforms":["x"],"scheduledFor":"2026-12-01T09:00:00Z","mediaIds":["<id>"]}\' \\',
  '  https://postflow.example/posts',
  '```',
  '',
  '## MCP',
  'AI assistants connect to the Model Context Protocol server at `POST /mcp` (Streamable HTTP) with the same key; its tools call these routes with it, so the same scopes and limits apply. See docs/api.md, "MCP server".',
].join('\n');

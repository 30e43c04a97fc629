import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ApiCall } from './api-caller';
import { mcpTools } from './tools';

const INSTRUCTIONS =
  'Postflow schedules posts to X and LinkedIn for one workspace. Typical flow: list_channels, then tailor_post to get a version per network, then schedule_post (a time or the queue) or create_draft for a person to review; list_posts shows what is scheduled, published or failed, get_analytics how posts did. Each tool needs a scope on the API key; a refusal names the one missing.';

/**
 * Postflow's tools for one MCP request, calling the API as the request's key. Every tool is listed
 * whatever the key's scopes, each saying which one it needs (docs/decisions/164-mcp-server.md).
 */
export function createMcpServer(call: ApiCall): McpServer {
  const server = new McpServer({ name: 'postflow', title: 'Postflow', version: '0.1.0' }, { instructions: INSTRUCTIONS });
  for (const tool of mcpTools) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: `${tool.description} Needs an API key with the ${tool.route.scope} scope.`,
        inputSchema: tool.input,
        annotations: tool.annotations,
      },
      (args: unknown) => call(tool.route, tool.request(args as never)),
    );
  }
  return server;
}

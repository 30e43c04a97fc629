import { Agent } from 'node:http';
import { TwitterApi, type ITwitterApiClientPlugin, type TwitterApiTokens } from 'twitter-api-v2';

/**
 * twitter-api-v2 hard-codes https://api.x.com and https://x.com and sends through https.request.
 * This plugin changes only the base URL: it points those hosts at the sandbox's /x mount, after
 * the client has chosen its body encoding, and lends an http.Agent so https.request accepts http:.
 */
export function sandboxBaseUrlPlugin(baseUrl: string): ITwitterApiClientPlugin {
  const target = new URL(baseUrl);
  const agent = new Agent({ keepAlive: false });
  return {
    onBeforeRequest({ computedParams, requestOptions }) {
      const url = computedParams.url;
      if (url.hostname !== 'api.x.com' && url.hostname !== 'x.com') return;
      url.protocol = target.protocol;
      url.host = target.host;
      url.pathname = `/x${url.pathname}`;
      requestOptions.agent = agent;
    },
    onOAuth2RequestToken({ result }) {
      result.url = result.url.replace('https://x.com/', `${baseUrl}/x/`);
    },
  };
}

export function twitterClient(baseUrl: string, auth: string | { clientId: string; clientSecret?: string } | TwitterApiTokens): TwitterApi {
  const settings = { plugins: [sandboxBaseUrlPlugin(baseUrl)] };
  if (typeof auth === 'string') return new TwitterApi(auth, settings);
  if ('clientId' in auth) return new TwitterApi(auth, settings);
  return new TwitterApi(auth, settings);
}

import { createSandbox, type Sandbox, type SandboxOptions } from '../../src/index';

export interface RunningSandbox {
  sandbox: Sandbox;
  url: string;
  close(): Promise<void>;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const sandbox = createSandbox({ seed: 'test-seed', ...options });
  const url = await sandbox.listen(0, '127.0.0.1');
  return { sandbox, url, close: () => sandbox.close() };
}

/** A base clock the test moves by hand; the sandbox adds its own admin offset on top. */
export function manualClock(start = Date.UTC(2026, 10, 16, 12, 0, 0)) {
  let now = start;
  return {
    now: () => now,
    set(value: number) {
      now = value;
    },
    advance(ms: number) {
      now += ms;
    },
  };
}

export async function json<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

export async function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

export async function postForm(url: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

/** Reads the hidden inputs of a rendered consent form, like a browser submitting it would. */
export function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    const decode = (value: string) =>
      value
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&');
    fields[decode(match[1] ?? '')] = decode(match[2] ?? '');
  }
  return fields;
}

/** Opens a consent page and submits it: returns the redirect Location. */
export async function consent(
  authorizeUrl: string,
  choice: { newPersona?: string; persona?: string; decision?: 'authorize' | 'cancel' },
): Promise<URL> {
  const page = await fetch(authorizeUrl);
  if (page.status !== 200) throw new Error(`Consent page answered ${page.status}: ${await page.text()}`);
  const html = await page.text();
  const action = new URL(/<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? '', authorizeUrl);
  const response = await postForm(action.toString(), {
    ...hiddenFields(html),
    ...(choice.persona ? { persona: choice.persona } : { persona: '__new__' }),
    ...(choice.newPersona ? { new_persona: choice.newPersona } : {}),
    decision: choice.decision ?? 'authorize',
  });
  if (response.status !== 302) throw new Error(`Consent form answered ${response.status}: ${await response.text()}`);
  return new URL(response.headers.get('location') ?? '');
}

import { escapeHtml as e } from './html';

export interface ConsentPersona {
  value: string;
  label: string;
  detail?: string;
}

export interface ConsentPageModel {
  networkLabel: string;
  appName: string;
  clientId: string;
  scopes: Array<{ scope: string; description: string }>;
  personas: ConsentPersona[];
  hidden: Record<string, string>;
  action: string;
  newPersonaLabel: string;
  newPersonaHint: string;
  personaRule?: string;
  error?: string;
  newPersonaValue?: string;
  /** The persona to pre-select (the one this browser used last); none: "A new persona". */
  selected?: string;
}

const STYLE = `
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
  body { margin: 0; background: Canvas; color: CanvasText; }
  main { max-width: 34rem; margin: 2rem auto; padding: 1.5rem; border: 1px solid GrayText; border-radius: 12px; }
  h1 { font-size: 1.4rem; margin-top: 0; }
  h2 { font-size: 1.05rem; }
  .badge { display: inline-block; font-size: .75rem; padding: .1rem .5rem; border: 1px solid GrayText; border-radius: 999px; }
  fieldset { border: 1px solid GrayText; border-radius: 8px; margin: 1rem 0; padding: .75rem 1rem; }
  .persona { display: flex; gap: .5rem; align-items: baseline; margin: .35rem 0; }
  .detail { color: GrayText; font-size: .9rem; }
  label.block { display: block; margin-top: .75rem; font-weight: 600; }
  input[type=text] { width: 100%; box-sizing: border-box; padding: .5rem; font-size: 1rem; margin-top: .25rem; }
  .hint { color: GrayText; font-size: .85rem; margin: .25rem 0 0; }
  .error { border: 2px solid #c62828; border-radius: 8px; padding: .5rem .75rem; }
  .actions { display: flex; gap: .75rem; margin-top: 1.25rem; }
  button { font-size: 1rem; padding: .6rem 1.2rem; border-radius: 999px; border: 1px solid GrayText; cursor: pointer; }
  button[value=authorize] { background: #1d4ed8; color: #fff; border-color: #1d4ed8; }
  button:focus-visible, input:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

export function renderConsentPage(model: ConsentPageModel): string {
  const typedName = model.newPersonaValue ?? '';
  const hasPersonas = model.personas.length > 0;
  const selected = typedName ? undefined : model.personas.find((persona) => persona.value === model.selected)?.value;
  const personas = model.personas
    .map(
      (persona, index) => `<div class="persona">
  <input type="radio" id="persona-${index}" name="persona" value="${e(persona.value)}"${persona.value === selected ? ' checked' : ''}>
  <label for="persona-${index}">${e(persona.label)}${persona.detail ? ` <span class="detail">${e(persona.detail)}</span>` : ''}</label>
</div>`,
    )
    .join('\n');
  const hidden = Object.entries(model.hidden)
    .map(([name, value]) => `<input type="hidden" name="${e(name)}" value="${e(value)}">`)
    .join('\n');
  const scopes = model.scopes.map((scope) => `<li><strong>${e(scope.scope)}</strong>: ${e(scope.description)}</li>`).join('\n');
  return layout(
    `Authorize ${model.appName} – ${model.networkLabel} (sandbox)`,
    `<p><span class="badge">Sandbox</span> This page imitates ${e(model.networkLabel)}'s consent screen. No real account is used.</p>
<h1>Authorize <em>${e(model.appName)}</em> to use your ${e(model.networkLabel)} account?</h1>
<p class="detail">Client id: <code>${e(model.clientId)}</code></p>
${model.error ? `<p class="error" role="alert">${e(model.error)}</p>` : ''}
<form method="post" action="${e(model.action)}">
${hidden}
<fieldset>
<legend>Sign in as</legend>
${hasPersonas ? personas : '<p class="detail">No personas yet: create one below.</p>'}
<div class="persona">
  <input type="radio" id="persona-new" name="persona" value="__new__"${selected === undefined ? ' checked' : ''}>
  <label for="persona-new">A new persona</label>
</div>
<label class="block" for="new_persona">${e(model.newPersonaLabel)}</label>
<input type="text" id="new_persona" name="new_persona" value="${e(typedName)}" autocomplete="off" aria-describedby="new-persona-hint">
<p class="hint" id="new-persona-hint">${e(model.newPersonaHint)}${model.personaRule ? ` ${e(model.personaRule)}` : ''}</p>
</fieldset>
<div class="persona">
  <input type="checkbox" id="history" name="history" value="90">
  <label for="history">Give this persona six months of past posts (for analytics demos)</label>
</div>
<section aria-labelledby="scopes-title">
<h2 id="scopes-title">${e(model.appName)} is asking to:</h2>
<ul>
${scopes}
</ul>
</section>
<div class="actions">
<button type="submit" name="decision" value="authorize">Authorize app</button>
<button type="submit" name="decision" value="cancel">Cancel</button>
</div>
</form>`,
  );
}

export function renderErrorPage(networkLabel: string, message: string): string {
  return layout(
    `${networkLabel} (sandbox): something went wrong`,
    `<p><span class="badge">Sandbox</span></p>
<h1>Something went wrong</h1>
<p class="error" role="alert">${e(message)}</p>
<p class="detail">${e(networkLabel)} shows this page instead of redirecting when the request itself is invalid.</p>`,
  );
}

/** Appends the parameters the way the networks do, without re-encoding the registered URI. */
export function appendQuery(uri: string, params: Record<string, string | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) query.set(name, value);
  return `${uri}${uri.includes('?') ? '&' : '?'}${query.toString()}`;
}

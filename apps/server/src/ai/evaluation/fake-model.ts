import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { X_MAX_WEIGHTED_LENGTH, extractUrls, fitToX, splitTrailingHashtags, xWeightedLength, type Network } from '@postflow/contract';
import { hashText } from '../builtin/variation';
import { mentionsOf, namesOf, sentencesOf } from '../tailoring/text-facts';

/**
 * A local stand-in for an OpenAI-compatible model (docs/ai.md, Evaluation): it answers the
 * tailoring prompt with a plausible post, and for most texts breaks one rule the way real models
 * do (cut at the limit, a lost link or question, hashtag spam, an invented figure, far too long),
 * so the evaluation proves the checks repair or replace every broken answer. Its faults depend
 * only on the request, so a run is reproducible.
 */
export const FAULTS = ['none', 'truncated', 'lost_link', 'lost_question', 'hashtag_spam', 'invented_figure', 'too_long', 'fenced'] as const;
export type Fault = (typeof FAULTS)[number];

export interface RecordedAnswer {
  network: Network;
  original: string;
  variant: number;
  fault: Fault;
  answer: { text: string; thread?: string[] };
}

export interface FakeModel {
  baseUrl: string;
  /** Every answer given, in order. */
  answers: RecordedAnswer[];
  close(): Promise<void>;
}

const X_AIM = 270;

/**
 * What a careful model writes: whole sentences from the start, the closing one kept, a hashtag
 * from a name. Another variant leaves out the opening sentence, as a model asked for another take
 * might.
 */
function goodAnswer(network: Network, original: string, variant: number): { text: string; thread?: string[] } {
  const { body } = splitTrailingHashtags(original.trim());
  const sentences = sentencesOf(body);
  const all = variant % 2 === 1 && sentences.length > 2 ? sentences.slice(1) : sentences;
  const name = namesOf(body).find((word) => /^\p{Lu}\p{Ll}+$/u.test(word));
  const tag = name ? `#${name}` : '';
  if (network === 'x') {
    const last = all.at(-1) ?? '';
    const kept: string[] = [];
    for (const sentence of all.slice(0, -1)) {
      if (xWeightedLength([...kept, sentence, last].join(' ')) > X_AIM) break;
      kept.push(sentence);
    }
    const text = [...kept, last, tag].filter(Boolean).join(' ');
    if (xWeightedLength(original) <= X_MAX_WEIGHTED_LENGTH) return { text };
    const thread: string[] = [];
    for (const sentence of sentences) {
      const current = thread.at(-1);
      if (current !== undefined && xWeightedLength(`${current} ${sentence}`) <= X_MAX_WEIGHTED_LENGTH)
        thread[thread.length - 1] = `${current} ${sentence}`;
      else thread.push(sentence);
    }
    return { text, thread };
  }
  const [hook = '', ...rest] = all;
  const paragraphs: string[] = [];
  for (let index = 0; index < rest.length; index += 2) paragraphs.push(rest.slice(index, index + 2).join(' '));
  return { text: [hook, ...paragraphs, [tag, '#Business', '#Growth'].filter(Boolean).join(' ')].join('\n\n') };
}

function withFault(
  fault: Fault,
  network: Network,
  original: string,
  good: { text: string; thread?: string[] },
): { text: string; thread?: string[] } {
  switch (fault) {
    case 'none':
    case 'fenced':
      return good;
    case 'truncated':
      return {
        text: network === 'x' ? fitToX(original, X_MAX_WEIGHTED_LENGTH) : `${original.slice(0, Math.ceil(original.length * 0.6))}…`,
      };
    case 'lost_link': {
      const text = [...extractUrls(good.text), ...mentionsOf(good.text)].reduce((rest, gone) => rest.split(gone).join(''), good.text);
      return { ...good, text: text.replace(/ {2,}/gu, ' ').trim() };
    }
    case 'lost_question': {
      const sentences = sentencesOf(splitTrailingHashtags(good.text).body);
      return { ...good, text: sentences.slice(0, -1).join(' ') || good.text };
    }
    case 'hashtag_spam':
      return { ...good, text: `${good.text} #AI #Growth #Marketing #ai #Productivity` };
    case 'invented_figure':
      return { ...good, text: `${good.text.replace(/\s*#\S+$/u, '')} Up 300% this year.` };
    case 'too_long':
      return {
        text: network === 'x' ? `${original} ${original}` : `${original}\n\n`.repeat(Math.ceil(3200 / Math.max(1, original.length))),
      };
  }
}

function read(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => resolve(raw));
  });
}

export async function startFakeModel(): Promise<FakeModel> {
  const answers: RecordedAnswer[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    void read(request).then((raw) => {
      const body = JSON.parse(raw) as { seed?: number; messages: { content: string }[] };
      const system = body.messages[0]?.content ?? '';
      const user = body.messages[1]?.content ?? '';
      const network: Network = system.includes('for LinkedIn') ? 'linkedin' : 'x';
      const original = /"""\n([\s\S]*)\n"""/u.exec(user)?.[1] ?? '';
      const variant = body.seed ?? 0;
      const fault = FAULTS[hashText(`${network}\n${variant}\n${original}`) % FAULTS.length] as Fault;
      const answer = withFault(fault, network, original, goodAnswer(network, original, variant));
      answers.push({ network, original, variant, fault, answer });
      const json = JSON.stringify(answer);
      const content = fault === 'fenced' ? `\`\`\`json\n${json}\n\`\`\`` : json;
      response
        .writeHead(200, { 'content-type': 'application/json', connection: 'close' })
        .end(JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    answers,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

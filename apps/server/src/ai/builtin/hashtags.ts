import { extractHashtagsWithIndices } from '@postflow/contract';
import type { HashtagSuggestion } from '../ai-engine';
import { evidenceIn } from '../tailoring/hashtag-evidence';
import { hashtagKey, normaliseTag, toHashtag } from '../text-rules';
import type { Term, TextAnalysis } from './nlp';

interface Candidate {
  tag: string;
  raw: number;
  first: number;
  reason: string;
  words: string[];
}

function termCandidate(term: Term): Candidate | undefined {
  const tag = toHashtag(term.kind === 'keyword' ? [term.text] : term.text.split(' '));
  if (!tag) return undefined;
  const prominence = term.inFirstSentence ? 0.3 : 0;
  const repeated = term.count > 1 ? ` (${term.count} times)` : '';
  switch (term.kind) {
    case 'phrase':
      return {
        tag,
        raw: 1.5 + 0.5 * (term.count - 1) + prominence - (term.words.length > 2 ? 0.3 : 0),
        first: term.first,
        reason: `Key phrase “${term.text}”${repeated}`,
        words: term.words,
      };
    case 'name':
      return {
        tag,
        raw: 1.3 + 0.1 * (term.words.length - 1) + 0.5 * (term.count - 1) + prominence,
        first: term.first,
        reason: `Name in the text: ${term.text}${repeated}`,
        words: term.words,
      };
    case 'keyword':
      return {
        tag,
        raw: 0.8 + 0.6 * (term.count - 1) + prominence - (term.weak ? 0.5 : 0),
        first: term.first,
        reason: term.count > 1 ? `Mentioned ${term.count} times` : `Key word “${term.text}”`,
        words: term.words,
      };
  }
}

/** A score from 0 to 1 that grows with the evidence but never reaches 1. */
const squash = (raw: number) => Math.round((raw / (raw + 1.5)) * 100) / 100;

/**
 * Hashtags for a text, best first: hashtags it already has, the person's best-performing hashtags
 * that the text is about, noun phrases ('#SmallBusinesses'), names ('#Berlin') and frequent
 * keywords, de-duplicated. A single word that is part of a phrase also suggested ('#Acme' beside
 * '#AcmeCorp') is ranked lower so the list stays varied.
 */
export function rankHashtags(content: string, analysis: TextAnalysis, limit: number, best: readonly string[] = []): HashtagSuggestion[] {
  const candidates: Candidate[] = [];
  for (const { tag, start } of extractHashtagsWithIndices(content)) {
    candidates.push({ tag, raw: 2.2, first: -1_000_000 + start, reason: 'Already in your text', words: [hashtagKey(tag)] });
  }
  const evidence = best.length > 0 ? evidenceIn(content, { bestHashtags: best }) : undefined;
  best.forEach((raw, rank) => {
    const tag = normaliseTag(raw);
    if (tag && evidence?.(tag) === 'best')
      candidates.push({
        tag,
        raw: 2 - 0.1 * rank,
        first: -500_000 + rank,
        reason: 'One of your best-performing hashtags',
        words: [hashtagKey(tag)],
      });
  });
  for (const term of analysis.terms) {
    const candidate = termCandidate(term);
    if (candidate) candidates.push(candidate);
  }

  const byKey = new Map<string, Candidate>();
  for (const candidate of candidates) {
    const key = hashtagKey(candidate.tag);
    const existing = byKey.get(key);
    if (!existing || candidate.raw > existing.raw)
      byKey.set(key, existing ? { ...candidate, first: Math.min(candidate.first, existing.first) } : candidate);
  }

  const ranked = [...byKey.values()];
  const covered = new Set(ranked.flatMap((candidate) => (candidate.words.length > 1 ? candidate.words : [])));
  for (const candidate of ranked) {
    if (candidate.words.length === 1 && covered.has(candidate.words[0] as string)) candidate.raw *= 0.6;
  }
  return ranked
    .sort((a, b) => b.raw - a.raw || a.first - b.first || a.tag.localeCompare(b.tag))
    .slice(0, limit)
    .map(({ tag, raw, reason }) => ({ tag, score: squash(raw), reason }));
}

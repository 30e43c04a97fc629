import type { AudienceModel } from './audience-model';
import { normal, seededRandom } from './random';

export type AudienceKind = 'x' | 'linkedin' | 'organization';
export type XMetricKind = keyof AudienceModel['mix']['x'];
export type LinkedInMetricKind = keyof AudienceModel['mix']['linkedin'];

export interface PostFeatures {
  network: 'x' | 'linkedin';
  audience: AudienceKind;
  postId: string;
  createdAt: number;
  text: string;
  hasImage: boolean;
  followers: number;
}

/** Final (asymptotic) values; what is visible at an instant is a share of them that grows with age. */
export interface PostProfile {
  network: 'x' | 'linkedin';
  createdAt: number;
  maturityMs: number;
  impressions: number;
  counts: Record<string, number>;
}

const DAY_MS = 86_400_000;
type Weekday = 'sun' | 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat';
const HASHTAG = /(^|[^\p{L}\p{N}_&/])[#＃]([\p{L}\p{N}_]*\p{L}[\p{L}\p{N}_]*)/gu;
const HASHTAG_TEMPLATE = /\{hashtag\|\\?[#＃]\|[^}]+\}/g;
const URL_PATTERN = /https?:\/\/\S+|\bwww\.\S+/i;

export function countHashtags(text: string): number {
  return (text.match(HASHTAG) ?? []).length + (text.match(HASHTAG_TEMPLATE) ?? []).length;
}

export function containsUrl(text: string): boolean {
  return URL_PATTERN.test(text);
}

export interface MetricsEngine {
  profile(features: PostFeatures): PostProfile;
  /** floor(final × share(age)): never decreases as `now` advances, identical for identical inputs. */
  valueAt(profile: PostProfile, finalValue: number, now: number): number;
  impressionsAt(profile: PostProfile, now: number): number;
  countAt(profile: PostProfile, kind: string, now: number): number;
  baseFollowers(kind: AudienceKind, key: string): number;
  followersAt(kind: AudienceKind, base: number, since: number, now: number): number;
  localHour(instant: number): number;
  forget(network: string, postId: string): void;
}

export function createMetricsEngine(model: AudienceModel, seed: string): MetricsEngine {
  const cache = new Map<string, PostProfile>();
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: model.timezone,
    hour: 'numeric',
    hourCycle: 'h23',
    weekday: 'short',
  });

  function local(instant: number): { hour: number; weekday: Weekday } {
    let hour = 0;
    let weekday: Weekday = 'sun';
    for (const part of parts.formatToParts(instant)) {
      if (part.type === 'hour') hour = Number(part.value) % 24;
      if (part.type === 'weekday') weekday = (part.value.slice(0, 3).toLowerCase() as Weekday) ?? 'sun';
    }
    return { hour, weekday };
  }

  function hourEffect(hour: number) {
    for (const range of model.effects.hourOfDay) {
      const inside = range.from < range.to ? hour >= range.from && hour < range.to : hour >= range.from || hour < range.to;
      if (inside) return range;
    }
    return { reach: 1, engagement: 1 };
  }

  function bucket(buckets: AudienceModel['effects']['length'], value: number) {
    return buckets.find((b) => b.upTo === null || value <= b.upTo) ?? { reach: 1, engagement: 1 };
  }

  function share(profile: PostProfile, now: number): number {
    const age = now - profile.createdAt;
    if (age <= 0) return 0;
    return 1 - Math.exp(-age / profile.maturityMs);
  }

  function buildProfile(features: PostFeatures): PostProfile {
    const random = seededRandom(seed, features.network, features.postId);
    const { hour, weekday } = local(features.createdAt);
    const length = [...features.text].length;
    const effects = [
      hourEffect(hour),
      model.effects.weekday[weekday] ?? { reach: 1, engagement: 1 },
      bucket(model.effects.length, length),
      bucket(model.effects.hashtags, countHashtags(features.text)),
      features.hasImage ? model.effects.image : { reach: 1, engagement: 1 },
    ];
    const reachEffect = effects.reduce((product, effect) => product * effect.reach, 1);
    const engagementEffect = effects.reduce((product, effect) => product * effect.engagement, 1);
    // Mean-preserving log-normal noise keeps averages equal to the configured effects.
    const reachNoise = Math.exp(model.noise.reach * normal(random) - model.noise.reach ** 2 / 2);
    const rateNoise = Math.exp(model.noise.engagement * normal(random) - model.noise.engagement ** 2 / 2);
    const impressions = Math.max(0, features.followers * model.reach[features.audience] * reachEffect * reachNoise);
    const rate = Math.min(0.9, model.engagementRate[features.network] * engagementEffect * rateNoise);
    const counts: Record<string, number> = {};
    if (features.network === 'x') {
      const hasUrl = containsUrl(features.text);
      for (const [kind, weight] of Object.entries(model.mix.x)) {
        counts[kind] = kind === 'urlClick' && !hasUrl ? 0 : impressions * rate * weight;
      }
    } else {
      const mix = model.mix.linkedin;
      const reactionWeights = Object.entries(model.reactionTypes);
      const reactionTotal = reactionWeights.reduce((sum, [, weight]) => sum + weight, 0) || 1;
      for (const [type, weight] of reactionWeights) {
        counts[`reaction:${type}`] = impressions * rate * mix.reaction * (weight / reactionTotal);
      }
      counts.comment = impressions * rate * mix.comment;
      counts.share = impressions * rate * mix.share;
      counts.click = impressions * rate * mix.click;
      counts.uniqueImpressions = impressions * model.uniqueImpressionRatio;
    }
    return {
      network: features.network,
      createdAt: features.createdAt,
      maturityMs: model.maturityHours[features.network] * 3_600_000,
      impressions,
      counts,
    };
  }

  return {
    profile(features) {
      const key = `${features.network}:${features.postId}`;
      let profile = cache.get(key);
      if (!profile) {
        profile = buildProfile(features);
        cache.set(key, profile);
      }
      return profile;
    },
    valueAt(profile, finalValue, now) {
      return Math.floor(finalValue * share(profile, now));
    },
    impressionsAt(profile, now) {
      return Math.floor(profile.impressions * share(profile, now));
    },
    countAt(profile, kind, now) {
      return Math.floor((profile.counts[kind] ?? 0) * share(profile, now));
    },
    baseFollowers(kind, key) {
      const settings = model.followers[kind];
      const random = seededRandom(seed, 'followers', kind, key);
      return Math.max(settings.min, Math.round(settings.median * Math.exp(settings.spread * normal(random))));
    },
    followersAt(kind, base, since, now) {
      const days = Math.max(0, (now - since) / DAY_MS);
      return Math.floor(base * (1 + model.followers[kind].growthPerDay * days));
    },
    localHour(instant) {
      return local(instant).hour;
    },
    forget(network, postId) {
      cache.delete(`${network}:${postId}`);
    },
  };
}

import type { Draft, draftsRoutes, Network, RouteBody } from '@postflow/contract';
import { api } from '@postflow/contract/client';
import { apiCall, isApiError } from '../../../lib/api-client';

/** docs/decisions/141-drafts.md: a save once typing pauses this long, not on every keystroke. */
export const AUTOSAVE_DELAY_MS = 800;
/** After a failed save: try again after these pauses (the last one repeats). */
export const RETRY_DELAYS_MS = [2_000, 5_000, 10_000, 20_000, 30_000] as const;

type DraftFields = RouteBody<typeof draftsRoutes.create>;

/**
 * What the composer holds, as a draft keeps it: everything a reload must bring back, attachments
 * included (docs/decisions/152-channel-picker-and-kept-attachments.md).
 */
export interface DraftBody {
  text: string;
  platforms: Network[];
  perPlatform: Partial<Record<Network, string>>;
  /** The chosen channels and their own texts, when the workspace has channels (docs/product.md, Channels). */
  channels?: string[];
  perChannel?: Record<string, string>;
  /**
   * A document's title, the link cards shown (by the address linked to) and removed (docs/decisions/149-link-cards.md),
   * and the X threads and LinkedIn first comments (docs/product.md, Drafts).
   */
  details: Pick<
    NonNullable<DraftFields['details']>,
    'skipAi' | 'tailoredFrom' | 'documentTitle' | 'linkCards' | 'removedLinkCards' | 'threads' | 'firstComments'
  >;
  scheduledAt: string | null;
  timeZone: string | null;
  /**
   * The files uploaded for the post (POST /api/v1/media), in order, each with its alt text; always
   * sent, so a file removed or moved is removed or moved in the draft too ([] removes them all).
   */
  media: Array<{ id: string; alt: string }>;
}

export type SaveStatus = 'idle' | 'saving' | 'saved' | 'retrying' | 'refused' | 'conflict';

export interface SaverState {
  status: SaveStatus;
  draftId: string | null;
  /** Why a save was refused ('refused'), in the server's words. */
  problem: string | null;
  /** The draft as another tab or device saved it ('conflict'); null when it could not be read. */
  newer: Draft | null;
}

/** Text or a file: choosing networks alone does not start a draft. */
const meaningful = (body: DraftBody) => body.text.trim().length > 0 || body.media.length > 0;

const keyOf = (body: DraftBody) => JSON.stringify(body);

type UpdateBody = RouteBody<typeof draftsRoutes.update>;

/**
 * Saves the composer's draft as the person types (docs/decisions/141-drafts.md): one save per pause,
 * one request at a time (each answers the revision the next one is made on), a retry with growing
 * pauses while the server is out of reach, and a save that outlives the page when it closes.
 */
export class DraftSaver {
  private state: SaverState;
  private revision: number;
  private latest: DraftBody;
  private savedKey: string | null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private chain: Promise<unknown> = Promise.resolve();
  private inFlight = 0;
  private failures = 0;
  private paused = false;
  private stopped = false;
  /** No screen shows it (the composer unmounted): what is on its way finishes, nothing new starts. */
  private detached = false;
  private readonly listeners = new Set<() => void>();

  constructor(
    start: { id: string; revision: number; body: DraftBody } | { id: null; body: DraftBody; saved: boolean },
    private readonly events: { onCreated?: (id: string) => void; onSaved?: () => void } = {},
  ) {
    this.latest = start.body;
    this.revision = start.id ? start.revision : 0;
    // A draft opened from the server, or a fresh composer, has nothing to save until it changes.
    this.savedKey = start.id || ('saved' in start && start.saved) ? keyOf(start.body) : null;
    this.state = { status: start.id ? 'saved' : 'idle', draftId: start.id, problem: null, newer: null };
  }

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getState = () => this.state;

  private set(change: Partial<SaverState>) {
    this.state = { ...this.state, ...change };
    for (const listener of this.listeners) listener();
  }

  /** Whether what the composer holds differs from what the server has. */
  isDirty(): boolean {
    if (this.stopped) return false;
    if (!this.state.draftId && !meaningful(this.latest)) return false;
    return keyOf(this.latest) !== this.savedKey;
  }

  /** The composer changed: save once the person pauses. */
  update(body: DraftBody) {
    this.latest = body;
    if (this.state.status === 'refused') this.set({ status: 'idle', problem: null });
    if (this.isDirty() && this.state.status !== 'conflict') this.schedule(AUTOSAVE_DELAY_MS);
  }

  private schedule(delay: number) {
    clearTimeout(this.timer);
    if (this.detached) return;
    this.timer = setTimeout(() => void this.enqueue(() => this.save()), delay);
  }

  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = this.chain.then(task, task);
    this.chain = run.catch(() => undefined);
    return run;
  }

  private body(): UpdateBody {
    return { ...this.latest, revision: this.revision };
  }

  private async save(): Promise<void> {
    if (this.stopped || this.paused || this.state.status === 'conflict' || !this.isDirty()) return;
    const body = this.body();
    const key = keyOf(this.latest);
    this.set({ status: this.failures ? 'retrying' : 'saving' });
    this.inFlight += 1;
    try {
      const id = this.state.draftId;
      if (id) {
        const saved = await apiCall(api.drafts.update, { params: { id }, body, keepalive: true });
        this.revision = saved.revision;
      } else {
        const { revision: _none, ...fields } = body;
        const created = await apiCall(api.drafts.create, { body: fields, keepalive: true });
        this.revision = created.revision;
        this.set({ draftId: created.id });
        this.events.onCreated?.(created.id);
      }
      this.savedKey = key;
      this.failures = 0;
      this.events.onSaved?.();
      if (this.isDirty()) this.schedule(0);
      else this.set({ status: 'saved', problem: null });
    } catch (error) {
      await this.failed(error);
    } finally {
      this.inFlight -= 1;
    }
  }

  private async failed(error: unknown): Promise<void> {
    if (this.stopped || this.paused) return;
    if (isApiError(error) && error.status === 409 && this.state.draftId) {
      const newer = await apiCall(api.drafts.get, { params: { id: this.state.draftId } }).then(
        (answer) => answer.draft,
        () => null,
      );
      this.set({ status: 'conflict', newer });
      return;
    }
    if (isApiError(error) && error.status === 404 && this.state.draftId) {
      // Deleted elsewhere while the person is still writing: keep their text in a new draft.
      this.set({ draftId: null });
      this.savedKey = null;
      this.schedule(0);
      return;
    }
    if (isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429) {
      this.set({ status: 'refused', problem: error.message });
      return;
    }
    const delay = RETRY_DELAYS_MS[Math.min(this.failures, RETRY_DELAYS_MS.length - 1)] as number;
    this.failures += 1;
    this.set({ status: 'retrying' });
    this.schedule(delay);
  }

  /** Saves now what is not saved yet; resolves whether everything is saved. */
  async flush(): Promise<boolean> {
    clearTimeout(this.timer);
    await this.enqueue(() => this.save());
    return !this.isDirty();
  }

  /**
   * The page is going away (tab closed, reloaded, hidden): sends what is not saved yet as a request
   * that outlives the page. A save still on its way is a keepalive request too, so this one is
   * made on the revision that save will answer.
   */
  flushOnExit() {
    if (!this.isDirty() || this.state.status === 'conflict' || this.paused) return;
    clearTimeout(this.timer);
    const id = this.state.draftId;
    const body = { ...this.body(), revision: this.revision + this.inFlight };
    if (id) {
      void this.enqueueNow(apiCall(api.drafts.update, { params: { id }, body, keepalive: true }).then((saved) => saved.revision));
    } else if (this.inFlight === 0) {
      const { revision: _none, ...fields } = body;
      void this.enqueueNow(
        apiCall(api.drafts.create, { body: fields, keepalive: true }).then((created) => {
          this.set({ draftId: created.id });
          this.events.onCreated?.(created.id);
          return created.revision;
        }),
      );
    } else {
      // The first save is still on its way and carries almost all of it; its answer names the draft.
      return;
    }
    this.savedKey = keyOf(this.latest);
  }

  /** A request already sent: the page may live on (a hidden tab), so its answer still counts. */
  private enqueueNow(request: Promise<number>) {
    this.inFlight += 1;
    const settled = request.then(
      (revision) => {
        this.revision = Math.max(this.revision, revision);
        this.set({ status: 'saved' });
      },
      (error: unknown) => {
        this.savedKey = null;
        return this.failed(error);
      },
    );
    this.chain = this.chain.then(() => settled).finally(() => (this.inFlight -= 1));
    return settled;
  }

  /** The person chose which version to keep after a conflict. */
  keepMine() {
    if (this.state.status !== 'conflict' || !this.state.newer) return;
    this.revision = this.state.newer.revision;
    this.savedKey = null;
    this.set({ status: 'idle', newer: null });
    this.schedule(0);
  }

  /** While a publish is under way: it deletes the draft, so no save may recreate it meanwhile. */
  pause() {
    this.paused = true;
    clearTimeout(this.timer);
  }

  resume() {
    this.paused = false;
    if (this.isDirty()) this.schedule(AUTOSAVE_DELAY_MS);
  }

  /** The composer is on screen (again: React may mount it twice in development). */
  attach() {
    this.detached = false;
  }

  /** The composer left the screen: what is not saved yet goes out as the page would close. */
  detach() {
    this.flushOnExit();
    this.detached = true;
    clearTimeout(this.timer);
  }

  /** The draft became a post: nothing more to save. */
  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
  }
}

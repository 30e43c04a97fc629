import { vi } from 'vitest';

/** One upload the composer started (POST /api/v1/media through XMLHttpRequest), for the test to drive. */
export interface FakeUpload {
  url: string;
  headers: Record<string, string>;
  file: File;
  /** Fires an upload progress event. */
  progress: (loaded: number, total: number) => void;
  /** Answers it; by default as the server stores the file. */
  respond: (status?: number, body?: unknown) => void;
}

let stored = 0;

/** What POST /api/v1/media answers for `file`. */
export function storedMedia(file: File) {
  stored += 1;
  const id = `0c0ffee0-0000-4000-8000-${String(stored).padStart(12, '0')}`;
  const kind = file.type.startsWith('video/') ? 'video' : file.type.startsWith('image/') ? 'image' : 'document';
  return { id, kind, mimeType: file.type, bytes: file.size, fileName: file.name, url: `http://localhost:3000/media/${id}` };
}

/**
 * Puts a stand-in XMLHttpRequest in place (jsdom's would try the network). With `manual`, each upload
 * waits for the test to call `progress` and `respond`; otherwise it reports 100% and succeeds at once.
 */
export function fakeUploads({ manual = false }: { manual?: boolean } = {}) {
  const uploads: FakeUpload[] = [];
  class FakeXhr extends EventTarget {
    readonly upload = new EventTarget();
    status = 0;
    responseText = '';
    withCredentials = false;
    private url = '';
    private readonly headers: Record<string, string> = {};
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    getResponseHeader(name: string) {
      return name.toLowerCase() === 'retry-after' && this.status === 429 ? '1' : null;
    }
    abort() {
      this.dispatchEvent(new Event('abort'));
    }
    send(form: FormData) {
      const file = form.get('media') as File;
      const upload: FakeUpload = {
        url: this.url,
        headers: this.headers,
        file,
        progress: (loaded, total) =>
          this.upload.dispatchEvent(Object.assign(new Event('progress'), { lengthComputable: true, loaded, total })),
        respond: (status = 201, body = storedMedia(file)) => {
          this.status = status;
          this.responseText = JSON.stringify(body);
          this.dispatchEvent(new Event('load'));
        },
      };
      uploads.push(upload);
      if (!manual)
        queueMicrotask(() => {
          upload.progress(file.size, file.size);
          upload.respond();
        });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return uploads;
}

import { SERVED_BY } from './haproxy.ts';
import { send as sendRequest } from './http-client.ts';

/** One request through the proxy. */
export interface Sample {
  scenario: string;
  /** 0: the proxy could not be reached or cut the connection. */
  status: number;
  ms: number;
  servedBy: string;
  at: number;
  /** Why no answer came (status 0), or the start of a 5xx answer's body. */
  error?: string;
}

export interface Instance {
  name: string;
  url: string;
  /** False while it is being killed or restarted: no direct reads then. */
  live: boolean;
}

export interface Answer {
  status: number;
  /** Decompressed when first read: most answers of the load are only counted. */
  readonly text: string;
  servedBy: string;
  cookie?: string;
}

/** What a virtual user owns, so no two of them race over one record. */
export interface VirtualUser {
  n: number;
  staffCookie: string;
  article: { id: number; slug: string; version: number };
  signer: { email: string; password: string };
  roleUser: { id: number; version: number; cookie: string; admin: boolean };
  saves: number;
  signIns: number;
  uploads: number;
}

export interface AcknowledgedUpload {
  /** `/files/…` */
  url: string;
  type: string;
  bytes: Buffer;
}

/** What the run found: every acknowledged save and every read or session that broke a promise. */
export class Findings {
  readonly samples: Sample[] = [];
  /** The direct reads that check what a write changed on the other instances: load too. */
  readonly checks: Sample[] = [];
  readonly acknowledged: Array<{ id: number; lastName: string }> = [];
  /** Every upload the server acknowledged: where it is served and the bytes sent. */
  readonly uploads: AcknowledgedUpload[] = [];
  readonly violations: string[] = [];
}

export class LoadContext {
  readonly proxyUrl: string;
  readonly instances: Instance[];
  readonly findings: Findings;

  constructor(proxyUrl: string, instances: Instance[], findings: Findings) {
    this.proxyUrl = proxyUrl;
    this.instances = instances;
    this.findings = findings;
  }

  /** A request through the proxy, recorded as load; a FormData body goes as multipart. */
  async viaProxy(scenario: string, method: string, path: string, cookie?: string, body?: unknown) {
    const started = performance.now();
    let error: string | undefined;
    const answer = await send(this.proxyUrl, method, path, cookie, body).catch((failure: Error): Answer => {
      error = `${failure.message} ${(failure.cause as Error | undefined)?.message ?? ''}`.trim();
      return { status: 0, text: '', servedBy: '' };
    });
    this.findings.samples.push({
      scenario,
      status: answer.status,
      ms: performance.now() - started,
      servedBy: answer.servedBy,
      at: Date.now(),
      ...(error ? { error } : {}),
      // A 5xx names its cause in the error envelope's code.
      ...(answer.status >= 500 ? { error: answer.text.slice(0, 120) } : {}),
    });
    return answer;
  }

  /** The live instances other than `servedBy`, read directly (not through the proxy). */
  others(servedBy: string): Instance[] {
    return this.instances.filter((instance) => instance.live && instance.name !== servedBy);
  }

  /** A direct read of `instance`; undefined when it could not answer (it is being stopped). */
  async direct(instance: Instance, method: string, path: string, cookie?: string) {
    if (!instance.live) return undefined;
    const started = performance.now();
    const answer = await send(instance.url, method, path, cookie).catch(() => undefined);
    const ms = performance.now() - started;
    const status = answer?.status ?? 0;
    this.findings.checks.push({ scenario: 'check', status, ms, servedBy: instance.name, at: Date.now() });
    return instance.live && answer && answer.status < 500 ? answer : undefined;
  }

  violation(text: string): void {
    this.findings.violations.push(text);
  }
}

async function send(base: string, method: string, path: string, cookie?: string, body?: unknown) {
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  // A multipart form is a simple request: the CSRF check wants the header a script sends.
  if (body instanceof FormData) headers['x-requested-with'] = 'XMLHttpRequest';
  const answer = await sendRequest(base + path, { method, headers, body });
  const setCookie = [answer.headers['set-cookie'] ?? []].flat()[0]?.split(';')[0];
  const servedBy = answer.headers[SERVED_BY];
  return {
    status: answer.status,
    get text() {
      return answer.text;
    },
    servedBy: typeof servedBy === 'string' ? servedBy : '',
    ...(setCookie ? { cookie: setCookie } : {}),
  } satisfies Answer;
}

export interface Scenario {
  name: string;
  /** How often it is picked, against the other scenarios' weights. */
  weight: number;
  run(context: LoadContext, user: VirtualUser): Promise<void>;
}

/** Each virtual user runs scenarios picked by weight, one after another, until `until`. */
export async function runLoad(
  context: LoadContext,
  users: VirtualUser[],
  mix: Scenario[],
  until: number,
): Promise<void> {
  const total = mix.reduce((sum, scenario) => sum + scenario.weight, 0);
  const pick = () => {
    let left = Math.random() * total;
    for (const scenario of mix) {
      left -= scenario.weight;
      if (left < 0) return scenario;
    }
    return mix[0]!;
  };
  await Promise.all(
    users.map(async (user) => {
      while (Date.now() < until) await pick().run(context, user);
    }),
  );
}

export interface Figures {
  /** Requests served per second: through the proxy, and the direct reads checking for staleness. */
  perSecond: number;
  /** Of the requests through the proxy that were answered. */
  p99Ms: number;
}

/** A stretch of a run: the requests `findings` made from `from` to `to` (epoch ms). */
export interface Window {
  findings: Findings;
  from: number;
  to: number;
}

/** The figures of the requests made within the windows, taken together. */
export function figuresOf(windows: readonly Window[]): Figures {
  let served = 0;
  let seconds = 0;
  const times: number[] = [];
  for (const { findings, from, to } of windows) {
    const within = (sample: Sample) => sample.at >= from && sample.at < to;
    served += findings.samples.filter(within).length + findings.checks.filter(within).length;
    seconds += (to - from) / 1000;
    for (const sample of findings.samples) if (within(sample) && sample.status > 0) times.push(sample.ms);
  }
  times.sort((a, b) => a - b);
  return {
    perSecond: Math.round(served / seconds),
    p99Ms: Math.round(times[Math.min(times.length - 1, Math.floor(times.length * 0.99))] ?? 0),
  };
}

/** The figures of the requests `findings` made from `from` to `to` (epoch ms). */
export const figures = (findings: Findings, from: number, to: number): Figures =>
  figuresOf([{ findings, from, to }]);

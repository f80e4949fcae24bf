import { type Figures, Findings, type LoadContext, type Sample } from './load.ts';

/** Which proxy a slot's load goes through: the one with app1 alone, or the one with all three. */
export type Setup = 'one' | 'three';

/**
 * The order of the slots: one, three, three, one, one, three, three, one. Each setup has as many
 * slots early as late, so a drift during the comparison (the tables grow with every save, the shared
 * machine's speed moves) weighs on both alike.
 */
export const SLOT_ORDER: readonly Setup[] = ['one', 'three', 'three', 'one', 'one', 'three', 'three', 'one'];

/** Each slot's first part (the clients' connections to the other proxy opened, its queue filled) is not measured. */
export const SLOT_SETTLE_MS = 1_000;

export interface Slot {
  setup: Setup;
  findings: Findings;
  from: number;
  to: number;
}

/**
 * Runs the load through each setup's proxy in turn, slot by slot, with every instance running all the
 * while: the same processes, caches and tables serve both setups, only the proxy's routing differs.
 */
export async function alternate(
  contextOf: (setup: Setup, findings: Findings) => LoadContext,
  run: (context: LoadContext, until: number) => Promise<void>,
  slotMs: number,
): Promise<Slot[]> {
  const slots: Slot[] = [];
  for (const setup of SLOT_ORDER) {
    const findings = new Findings();
    const started = Date.now();
    await run(contextOf(setup, findings), started + slotMs);
    slots.push({ setup, findings, from: started + SLOT_SETTLE_MS, to: started + slotMs });
  }
  return slots;
}

/** Requests per second and p99 of a setup's slots together, as `figures` gives them for one window. */
export function figuresOfSetup(slots: readonly Slot[], setup: Setup): Figures {
  let served = 0;
  let seconds = 0;
  const times: number[] = [];
  for (const slot of slots.filter((entry) => entry.setup === setup)) {
    const within = (sample: Sample) => sample.at >= slot.from && sample.at < slot.to;
    served += slot.findings.samples.filter(within).length + slot.findings.checks.filter(within).length;
    seconds += (slot.to - slot.from) / 1000;
    for (const sample of slot.findings.samples)
      if (within(sample) && sample.status > 0) times.push(sample.ms);
  }
  times.sort((a, b) => a - b);
  return {
    perSecond: Math.round(served / seconds),
    p99Ms: Math.round(times[Math.min(times.length - 1, Math.floor(times.length * 0.99))] ?? 0),
  };
}

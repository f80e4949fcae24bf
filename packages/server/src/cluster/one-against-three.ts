import { type Figures, Findings, figuresOf, type LoadContext, type Window } from './load.ts';

/** Which proxy a slot's load goes through: the one with app1 alone, or the one with all three. */
export type Setup = 'one' | 'three';

/**
 * The order of the slots: one, three, three, one, one, three, three, one. Each setup has as many
 * slots early as late, so a drift during the comparison (the tables grow with every save, the shared
 * machine's speed moves) weighs on both alike.
 */
export const SLOT_ORDER: readonly Setup[] = ['one', 'three', 'three', 'one', 'one', 'three', 'three', 'one'];

/** Each slot's first part (the clients' connections to the other proxy opened, its queue filled) is not measured. */
const SLOT_SETTLE_MS = 1_000;

export interface Slot extends Window {
  setup: Setup;
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

/** Requests per second and p99 of a setup's slots together. */
export const figuresOfSetup = (slots: readonly Slot[], setup: Setup): Figures =>
  figuresOf(slots.filter((slot) => slot.setup === setup));

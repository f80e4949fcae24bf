import type { Compilable, CompiledQuery } from 'kysely';

/** What a thing's statements are made of besides its values (a search's: searchShape). */
export interface ValueShape<T> {
  /** Names the shape: things of one shape differ only in `values`. */
  key: string;
  values: unknown[];
  /** The thing of this shape with other values. */
  of(values: readonly unknown[]): T;
}

/** Stands for the value at `index` while a statement's shape is compiled. */
class Placeholder {
  readonly index: number;

  constructor(index: number) {
    this.index = index;
  }
}

interface Shape {
  compiled: CompiledQuery;
  /** For each parameter of the compiled statement, which value fills it (-1: the one compiled in). */
  slots: number[];
}

const shapes = new Map<string, Shape>();

/** Shapes kept at most; more are compiled each time. */
const SHAPES_MAX = 1000;

/**
 * A statement compiled once per shape. Kysely builds and compiles a statement anew on every call,
 * which for a search's page with its count is a tenth of an uncached search on SQLite. Here `build`
 * runs once per `key`, with placeholders for `values`, and each call fills its own values into the
 * compiled statement. `build` must not branch on the values: whatever it branches on belongs in `key`.
 */
export function compiledOnce(
  key: string,
  values: readonly unknown[],
  build: (placeholders: readonly unknown[]) => Compilable,
): CompiledQuery {
  let shape = shapes.get(key);
  if (!shape) {
    const compiled = build(values.map((_, index) => new Placeholder(index))).compile();
    const slots = compiled.parameters.map((parameter) =>
      parameter instanceof Placeholder ? parameter.index : -1,
    );
    shape = { compiled, slots };
    if (shapes.size < SHAPES_MAX) shapes.set(key, shape);
  }
  const { compiled, slots } = shape;
  return {
    ...compiled,
    parameters: compiled.parameters.map((parameter, index) => {
      const slot = slots[index]!;
      return slot < 0 ? parameter : values[slot];
    }),
  };
}

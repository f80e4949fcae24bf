import type { FlashMessage, FlashOptions } from './flash.types.ts';

export type FlashAction =
  | { type: 'show'; id: string; options: FlashOptions }
  | { type: 'dismiss'; id: string }
  | { type: 'clear' };

/** Newest last; a message with an existing id replaces the old one in place. */
export function flashReducer(state: readonly FlashMessage[], action: FlashAction): FlashMessage[] {
  switch (action.type) {
    case 'show': {
      const { options, id } = action;
      const previous = state.find((message) => message.id === id);
      const next: FlashMessage = {
        id,
        message: options.message,
        title: options.title,
        variant: options.variant ?? 'success',
        autoDismiss: options.autoDismiss ?? true,
        revision: (previous?.revision ?? 0) + 1,
      };
      return previous ? state.map((message) => (message.id === id ? next : message)) : [...state, next];
    }
    case 'dismiss':
      return state.filter((message) => message.id !== action.id);
    case 'clear':
      return [];
  }
}

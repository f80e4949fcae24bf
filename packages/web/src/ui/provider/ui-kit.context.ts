import { createContext } from 'react';

/** Present when the tree is wrapped in <UiKitProvider>; lets UI-kit hooks fail loudly otherwise. */
export const UiKitContext = createContext<boolean>(false);

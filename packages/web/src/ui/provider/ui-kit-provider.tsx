import { MantineProvider } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { createColorSchemeManager } from '../color-scheme/color-scheme.ts';
import { ColorSchemeBodyClass } from '../color-scheme/use-color-scheme.ts';
import { FlashProvider } from '../flash/flash-provider.tsx';
import { ModalProvider } from '../modal/modal-provider.tsx';
import { theme } from '../theme.ts';
import { UiKitContext } from './ui-kit.context.ts';

export interface UiKitProviderProps {
  children: ReactNode;
  /** `test` turns off Mantine's transitions and portals (component tests). */
  env?: 'default' | 'test';
}

/** Mantine with the project theme and colour-scheme rules, plus flash messages and the modal host. */
export function UiKitProvider({ children, env = 'default' }: UiKitProviderProps) {
  const [manager] = useState(createColorSchemeManager);
  return (
    <MantineProvider
      theme={theme}
      colorSchemeManager={manager}
      defaultColorScheme="auto"
      // The theme's variables, with theme.ts's readable colours, come as a stylesheet made at build
      // time (build/theme-css-variables.ts).
      withCssVariables={false}
      env={env}
    >
      <UiKitContext value={true}>
        <ColorSchemeBodyClass />
        <FlashProvider>
          <ModalProvider>{children}</ModalProvider>
        </FlashProvider>
      </UiKitContext>
    </MantineProvider>
  );
}

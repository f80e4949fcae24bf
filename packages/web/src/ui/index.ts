export { BusyButton, type BusyButtonProps } from './busy/busy-button.tsx';
export { useBusyClick } from './busy/use-busy-click.ts';
export {
  applyColorSchemeClass,
  COLOR_SCHEME_STORAGE_KEY,
  type ColorScheme,
  resolveColorScheme,
} from './color-scheme/color-scheme.ts';
export { useColorScheme } from './color-scheme/use-color-scheme.ts';
export { type ConfirmOptions, useConfirm, useConfirmDelete } from './confirm/use-confirm.tsx';
export { FLASH_LIFETIME_MS, type FlashOptions, type FlashVariant } from './flash/flash.types.ts';
export { useFlash } from './flash/flash-provider.tsx';
export { czechPlural } from './format/plural.ts';
export type { ModalOptions, ModalVariant } from './modal/modal.types.ts';
export { useModal } from './modal/modal-provider.tsx';
export { UiKitProvider } from './provider/ui-kit-provider.tsx';
export { BREAKPOINTS, theme } from './theme.ts';

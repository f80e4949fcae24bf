import { IconAlertTriangle, IconCheck, IconInfoCircle, IconX } from '@tabler/icons-react';
import type { FlashVariant } from './flash.types.ts';

export const FLASH_ICONS: Record<FlashVariant, typeof IconCheck> = {
  success: IconCheck,
  error: IconX,
  warning: IconAlertTriangle,
  info: IconInfoCircle,
};

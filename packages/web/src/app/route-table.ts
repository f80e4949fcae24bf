export { findRoute } from '@klubovna/shared';

// What other modules may use of the web module.

export { SPONSOR_LEVEL_OPTIONS } from './web.rules.ts';
export { defaultConfiguration, findConfigurationRow } from './web-configuration.ts';

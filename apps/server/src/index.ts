export { type BuildOptions, buildApp, type PortalApp } from './app';
export { ConfigError, loadConfig, type PortalConfig, partnerSecretVariables, type RunConfig, withSecrets } from './config';
export { type Database, openDatabase } from './db/client';
export { seedDemoData } from './db/seed/demo-data';
export { portContainerPlan } from './db/seed/port-containers.data';
export { seedDatabase } from './db/seed/seed';
export { createCompareRepository } from './modules/compare/compare.repository';
export { newSecret } from './security/token';

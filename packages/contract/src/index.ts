// The HTTP contract shared by apps/server and apps/web: zod schemas and their inferred types.
export * from './languages';
export * from './plans';
export * from './common';
export * from './health';
export * from './auth';
export * from './host-url';
export * from './hosts';
export * from './proxai';
export * from './licenses';
export * from './tasks';
export * from './automation';
export * from './events';
export * from './public';
export * from './metrics';
export * from './alerts';
export * from './notifications';
export * from './metrics-overview';

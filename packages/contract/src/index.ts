export * from './http';
export * from './fields';
export * from './auth';
export * from './health';
export * from './accounts';
export * from './content';
export * from './time-zones';
export * from './text/index';

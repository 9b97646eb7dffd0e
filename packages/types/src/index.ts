export * from './common';
export * from './errors';
export * from './book';
export * from './history';
export * from './review';
export * from './health';
export * from './auth';

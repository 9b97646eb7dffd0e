export * from './common';
export * from './errors';
export * from './book';
export * from './history';
export * from './review';
export * from './review-paging';
export * from './health';
export * from './auth';

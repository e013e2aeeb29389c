export * from './api';
export * from './fields';
export * from './messages';
export * from './permissions';
export * from './access';
export * from './releases';

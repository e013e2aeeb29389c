export * from './access';
export * from './reference';
export * from './identity';
export * from './releases';

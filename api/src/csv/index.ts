export * from './writer';
export * from './reader';
export * from './http';
export * from './render';
export * from './timestamps';

/** @esim/utils: pure helpers and constants from the spec (sections 2, 5 and 9). */
export { isValidEmail } from '@esim/contracts';
export * from './constants';
export * from './dates';
export * from './display';
export * from './files';
export * from './languages';
export * from './money';
export * from './notifications';
export * from './numbers';
export * from './numeric-input';
export * from './options';
export * from './qr';
export * from './query';
export * from './sort';
export * from './strings';

export * from './users';
export * from './catalog';
export * from './models';
export * from './images';
export * from './money';
export * from './support';
export * from './likeness';
export * from './consent';

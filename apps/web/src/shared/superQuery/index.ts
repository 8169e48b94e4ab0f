export { type ActiveSuperQuery, superQueryParams } from './model.ts';
export { SUPER_QUERY_MODAL_WIDTH, SuperQuery, type SuperQueryProps } from './SuperQuery.tsx';

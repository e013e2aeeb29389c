/** What other areas may use of tariffs (the rest of this folder is its own business). */
export { codeOverrides, createTariffService, groupRule } from './service';
export {
  computedPriceSql,
  convertToJpySql,
  grossProfitPercentSql,
  rateColumnsSql,
} from './pricing-sql';

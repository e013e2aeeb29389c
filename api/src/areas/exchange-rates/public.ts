/** What other areas may use of exchange rates (the rest of this folder is its own business). */
export {
  MissingExchangeRateError,
  convertToJpy,
  currentRatesSubquery,
  getCurrentRates,
  trimRate,
} from './rates';
export { createExchangeRateService } from './service';

/*
 * Stands in for html2canvas in this remote's build (webpack.config.js, resolve.alias): @antv/g
 * imports it only for ImageExporter.toCanvas, which exports a chart with its HTML overlays as an
 * image. The dashboard never exports a chart, and the real library is ~40 KB brotli of the charts
 * chunk. A call fails clearly instead of drawing a partial image.
 */
export default function html2canvas(): Promise<never> {
  return Promise.reject(
    new Error('Chart image export is not part of the dashboard build (html2canvas is stubbed).'),
  );
}

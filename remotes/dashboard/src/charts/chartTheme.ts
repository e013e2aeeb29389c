import { theme } from 'antd';
import { useMemo } from 'react';

/**
 * The charts' G2 theme from the console's antd tokens (ConfigProvider of the host), so a chart
 * has the brand colour, the text colours and the font of the screens around it.
 */
export function useChartTheme() {
  const { token } = theme.useToken();
  return useMemo(() => {
    const palette = [
      token.colorPrimary,
      token.cyan,
      token.gold,
      token.purple,
      token.green,
      token.magenta,
      token.orange,
      token.geekblue,
      token.volcano,
      token.lime,
    ];
    const text = {
      labelFill: token.colorTextSecondary,
      labelOpacity: 1,
      labelFontFamily: token.fontFamily,
    };
    return {
      palette,
      primary: token.colorPrimary,
      secondary: token.colorWarning,
      /** The 'other' slice: quieter than any plan. */
      muted: token.colorTextQuaternary,
      text: token.colorText,
      textSecondary: token.colorTextSecondary,
      fontFamily: token.fontFamily,
      fontSize: token.fontSizeSM,
      /** G2's `theme` option. */
      g2: {
        type: 'classic',
        color: token.colorPrimary,
        category10: palette,
        category20: palette,
        axis: {
          ...text,
          gridStroke: token.colorBorderSecondary,
          gridStrokeOpacity: 1,
          lineStroke: token.colorBorder,
          tickStroke: token.colorBorder,
          titleFill: token.colorTextSecondary,
        },
        legendCategory: {
          itemLabelFill: token.colorText,
          itemLabelFillOpacity: 1,
          itemLabelFontFamily: token.fontFamily,
          itemValueFill: token.colorTextSecondary,
        },
        label: { fill: token.colorText, fontFamily: token.fontFamily },
      },
    };
  }, [token]);
}

export type ChartTheme = ReturnType<typeof useChartTheme>;

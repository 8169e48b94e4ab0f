/**
 * The theme colours of the pages drawn without antd (login, boot and error screens): antd's derived tokens for the
 * eight presets of the settings drawer (theme.getDesignToken with the preset as colorPrimary), as CSS variables on
 * the root element. app/plain.css reads them; the default preset is also its fallback.
 */
interface PlainColors {
  /** colorPrimary, colorPrimaryHover, colorPrimaryActive, colorPrimaryBorder, controlOutline. */
  primary: string;
  hover: string;
  active: string;
  border: string;
  outline: string;
}

const PRESETS: Record<string, PlainColors> = {
  '#278bf7': {
    primary: '#278bf7',
    hover: '#52abff',
    active: '#176bd1',
    border: '#a3d9ff',
    outline: 'rgba(5,172,255,0.06)',
  },
  '#f5222d': {
    primary: '#f5222d',
    hover: '#ff4d4f',
    active: '#cf1322',
    border: '#ffa39e',
    outline: 'rgba(255,22,5,0.06)',
  },
  '#fa541c': {
    primary: '#fa541c',
    hover: '#ff7a45',
    active: '#d4380d',
    border: '#ffbb96',
    outline: 'rgba(255,125,25,0.1)',
  },
  '#faad14': {
    primary: '#faad14',
    hover: '#ffc53d',
    active: '#d48806',
    border: '#ffe58f',
    outline: 'rgba(255,215,5,0.1)',
  },
  '#13c2c2': {
    primary: '#13c2c2',
    hover: '#36cfc9',
    active: '#08979c',
    border: '#87e8de',
    outline: 'rgba(5,255,215,0.1)',
  },
  '#52c41a': {
    primary: '#52c41a',
    hover: '#73d13d',
    active: '#389e0d',
    border: '#b7eb8f',
    outline: 'rgba(142,255,30,0.08)',
  },
  '#2f54eb': {
    primary: '#2f54eb',
    hover: '#597ef7',
    active: '#1d39c4',
    border: '#adc6ff',
    outline: 'rgba(5,88,255,0.06)',
  },
  '#722ed1': {
    primary: '#722ed1',
    hover: '#9254de',
    active: '#531dab',
    border: '#d3adf7',
    outline: 'rgba(155,5,255,0.06)',
  },
};

/** A colour outside the presets (a hand-edited setting): close derivations of it. */
function derived(color: string): PlainColors {
  return {
    primary: color,
    hover: `color-mix(in srgb, ${color} 75%, #fff)`,
    active: `color-mix(in srgb, ${color} 85%, #000)`,
    border: `color-mix(in srgb, ${color} 40%, #fff)`,
    outline: `color-mix(in srgb, ${color} 8%, transparent)`,
  };
}

export function plainColors(primaryColor: string): PlainColors {
  return PRESETS[primaryColor.toLowerCase()] ?? derived(primaryColor);
}

/** Sets the --aps-primary* variables of the plain pages on the root element. */
export function applyPlainTheme(primaryColor: string, root: HTMLElement = document.documentElement): void {
  const colors = plainColors(primaryColor);
  root.style.setProperty('--aps-primary', colors.primary);
  root.style.setProperty('--aps-primary-hover', colors.hover);
  root.style.setProperty('--aps-primary-active', colors.active);
  root.style.setProperty('--aps-primary-border', colors.border);
  root.style.setProperty('--aps-control-outline', colors.outline);
}

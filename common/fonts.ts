/**
 * The font every PNG we draw uses (plots in runtime/results, the kernelspec logo in kernel/install.ts):
 * DejaVu Sans from the `dejavu-fonts-ttf` package, so images look the same on every machine.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The TrueType files the PNG renderer loads (regular for labels, bold for titles). */
export const FONT_FILES = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
};
export const FONT_FAMILY = 'DejaVu Sans';

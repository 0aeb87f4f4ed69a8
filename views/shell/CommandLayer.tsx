import { Palette } from '../palette/Palette';
import { KeyboardHelp } from './KeyboardHelp';

/**
 * Everything that runs commands from the keyboard: the palette (with the commands' shortcuts and deep links) and the
 * `?` help. One chunk with the command registry, the forms and the schema library, loaded by `LazyCommandLayer`.
 */
export default function CommandLayer() {
  return (
    <>
      <Palette />
      <KeyboardHelp />
    </>
  );
}

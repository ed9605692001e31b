import path from 'node:path';
import type { Lod2Dataset, Lod2SourceOptions } from './lod2-types.ts';

/** German state surveys by the `DE..` prefix of their AdV building ids, with the credit their licences ask for. */
const GERMAN_STATES: Record<string, Lod2Dataset> = {
  DENW: { name: 'geobasis-nrw', title: 'Geobasis NRW', attribution: '© Geobasis NRW (dl-de/zero-2.0)' },
  DEBY: { name: 'bayern', title: 'Bayerische Vermessungsverwaltung', attribution: '© Bayerische Vermessungsverwaltung (CC BY 4.0)' },
  DEBE: { name: 'berlin', title: 'Geoportal Berlin', attribution: '© Geoportal Berlin (dl-de/by-2.0)' },
  DEHH: { name: 'hamburg', title: 'LGV Hamburg', attribution: '© Freie und Hansestadt Hamburg, LGV (dl-de/by-2.0)' },
  DENI: { name: 'niedersachsen', title: 'LGLN Niedersachsen', attribution: '© LGLN (CC BY 4.0)' },
  DEHE: { name: 'hessen', title: 'HVBG Hessen', attribution: '© HVBG (dl-de/zero-2.0)' },
  DESN: { name: 'sachsen', title: 'GeoSN Sachsen', attribution: '© GeoSN (dl-de/by-2.0)' },
  DEBW: { name: 'baden-wuerttemberg', title: 'LGL Baden-Württemberg', attribution: '© LGL Baden-Württemberg (dl-de/by-2.0)' },
  DETH: { name: 'thueringen', title: 'GDI-Th Thüringen', attribution: '© GDI-Th (dl-de/by-2.0)' },
};

export const THREE_D_BAG: Lod2Dataset = { name: '3dbag', title: '3DBAG', attribution: '© 3DBAG by tudelft3d and 3DGI (CC BY 4.0)' };
export const PLATEAU: Lod2Dataset = { name: 'plateau', title: 'Project PLATEAU', attribution: '© Project PLATEAU, MLIT Japan (CC BY 4.0)' };

/**
 * The dataset a file belongs to: the name, title and credit the settings give, else those of a publisher
 * the content shows (building id prefixes, CityJSON metadata), else the file's name and the metadata's
 * title and contact.
 */
export function datasetOf(file: string, options: Lod2SourceOptions, hints: { firstId?: string; title?: string; contact?: string; plateau?: boolean }): Lod2Dataset {
  const known = knownPublisher(hints);
  const name = options.name ?? known?.name ?? baseName(file);
  const title = options.title ?? (options.name ? undefined : known?.title) ?? hints.title ?? name;
  const attribution = options.attribution ?? known?.attribution ?? (hints.contact || hints.title ? `© ${hints.contact ?? hints.title}` : `LoD2 city model ${name}`);
  return { name, title, attribution };
}

function knownPublisher(hints: { firstId?: string; title?: string; plateau?: boolean }): Lod2Dataset | undefined {
  if (hints.plateau) return PLATEAU;
  if (hints.title === '3DBAG' || hints.firstId?.startsWith('NL.IMBAG.Pand')) return THREE_D_BAG;
  const prefix = hints.firstId?.slice(0, 4).toUpperCase();
  return prefix ? GERMAN_STATES[prefix] : undefined;
}

/** A file's or folder's name without its extensions (`zurich.city.json.gz` → `zurich`). */
function baseName(file: string): string {
  return path.basename(file).replace(/\.(city\.jsonl?|jsonl?|gml|xml|gz)+$/i, '').replace(/(\.(city\.jsonl?|jsonl?|gml|xml|gz))+$/i, '') || 'lod2';
}

import { memo, useEffect, useMemo, useState } from 'react';
import { geoAlbersUsa, geoContains, geoMercator, geoPath } from 'd3-geo';
import type { Feature, FeatureCollection } from 'geojson';
import { feature } from 'topojson-client';
import atlasUrl from 'us-atlas/counties-10m.json?url';
import type { GeometryCollection, Topology } from 'topojson-specification';

const WIDTH = 480;
const HEIGHT = 300;
const MARGIN = 10;

interface Atlas {
  states: Feature[];
  counties: Feature[];
}

let atlasLoad: Promise<Atlas> | null = null;

/** The US states and counties bundled with the app (Census Bureau outlines, us-atlas), served by the
 * portal as a file of its own: no tile server, no other host. Fetched once, when the first map is drawn. */
function loadAtlas(): Promise<Atlas> {
  atlasLoad ??= fetch(atlasUrl)
    .then((response) => {
      if (!response.ok) throw new Error(`The map outlines answered ${response.status}`);
      return response.json() as Promise<Topology<{ states: GeometryCollection; counties: GeometryCollection }>>;
    })
    .then(
      (topology) => {
        const features = (name: 'states' | 'counties') => (feature(topology, topology.objects[name]) as FeatureCollection).features;
        return { states: features('states'), counties: features('counties') };
      },
      (failure: unknown) => {
        atlasLoad = null;
        throw failure;
      },
    );
  return atlasLoad;
}

export interface MapPlace {
  latitude: number;
  longitude: number;
  /** What the marker stands for: the postal code. */
  label: string;
}

/** The area of a postal code: its state with its counties, the county it lies in, and a marker at its centre. */
export const AddressMap = memo(function AddressMap({ place }: { place: MapPlace | null }) {
  const [atlas, setAtlas] = useState<Atlas | null>(null);
  useEffect(() => {
    let shown = true;
    loadAtlas().then(
      (loaded) => shown && setAtlas(loaded),
      (failure: unknown) => console.warn('The map outlines could not be loaded', failure),
    );
    return () => {
      shown = false;
    };
  }, []);
  const drawing = useMemo(() => (atlas && place ? draw(atlas, place) : null), [atlas, place]);

  if (!place) return <p className="text-body-secondary mb-0">No map: the postal code could not be placed.</p>;
  if (!atlas) return <p className="text-body-secondary mb-0">Loading the map…</p>;
  if (!drawing) return <p className="text-body-secondary mb-0">No map: {place.label} lies outside the mapped states.</p>;
  const { states, counties, county, state, marker } = drawing;
  return (
    <figure className="mb-0">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`Map of ${place.label} in ${[county, state].filter(Boolean).join(', ')}`}
        data-testid="address-map"
        style={{ width: '100%', height: 'auto', background: '#eef4f8' }}
      >
        <g fill="#ffffff" stroke="#ced4da" strokeWidth={0.6}>
          {counties.map(([id, path, here]) => (
            <path key={id} d={path} fill={here ? '#cfe2ff' : undefined} />
          ))}
        </g>
        <g fill="none" stroke="#6c757d" strokeWidth={1.2}>
          {states.map(([id, path]) => (
            <path key={id} d={path} />
          ))}
          {counties
            .filter(([, , here]) => here)
            .map(([id, path]) => (
              <path key={id} d={path} stroke="#0d6efd" strokeWidth={1.5} />
            ))}
        </g>
        {marker && (
          <g transform={`translate(${marker[0]},${marker[1]})`}>
            <circle r={6} fill="#dc3545" stroke="#ffffff" strokeWidth={2} />
            <text x={9} y={4} fontSize={12} fontWeight={600} fill="#212529">
              {place.label}
            </text>
          </g>
        )}
      </svg>
      <figcaption className="small text-body-secondary">
        {place.label}: {[county, state].filter(Boolean).join(', ')}
      </figcaption>
    </figure>
  );
});

/** The view: the county of the postal code with its neighbours around it (the state when the county is
 * unknown), every county in sight outlined, the postal code's county shaded. */
function draw(atlas: Atlas, place: MapPlace) {
  const point: [number, number] = [place.longitude, place.latitude];
  const state = atlas.states.find((candidate) => geoContains(candidate, point));
  if (!state) return null;
  const county = atlas.counties.find(
    (candidate) => String(candidate.id).slice(0, 2) === String(state.id) && geoContains(candidate, point),
  );
  // Albers USA draws the fifty states as a reader knows them; Mercator the territories it leaves out.
  const projection = (geoAlbersUsa()(point) ? geoAlbersUsa() : geoMercator()).fitExtent(
    county
      ? [
          [WIDTH / 3, HEIGHT / 3],
          [(WIDTH * 2) / 3, (HEIGHT * 2) / 3],
        ]
      : [
          [MARGIN, MARGIN],
          [WIDTH - MARGIN, HEIGHT - MARGIN],
        ],
    county ?? state,
  );
  const path = geoPath(projection);
  const inSight = (candidate: Feature) => {
    const [[left, top], [right, bottom]] = path.bounds(candidate);
    return right >= 0 && left <= WIDTH && bottom >= 0 && top <= HEIGHT;
  };
  const statesInSight = atlas.states.filter(inSight);
  const stateIds = new Set(statesInSight.map((candidate) => String(candidate.id)));
  const counties = atlas.counties.filter((candidate) => stateIds.has(String(candidate.id).slice(0, 2)) && inSight(candidate));
  return {
    states: statesInSight.map((candidate) => [String(candidate.id), path(candidate) ?? ''] as const),
    counties: counties.map((candidate) => [String(candidate.id), path(candidate) ?? '', candidate === county] as const),
    state: state.properties?.name as string | undefined,
    county: county?.properties?.name as string | undefined,
    marker: projection(point),
  };
}

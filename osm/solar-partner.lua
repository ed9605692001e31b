-- osm2pgsql flex style: imports exactly the OpenStreetMap objects the model generator draws, with all
-- their tags, into three tables with spatial (GiST) indexes. The generator reads them when
-- OSM_DATABASE_URL is set; what each object becomes (building, part, road, wood, …) is decided there,
-- by the same code that reads extracts (src/modelgen/features/assemble-features.ts), so this file
-- only chooses which objects to keep. Its lists mirror src/modelgen/features/ground-tags.ts.
--
--   osm2pgsql --create --slim --output flex --style osm/solar-partner.lua -d osm country.osm.pbf
--
-- Tables (SRID 4326, coordinates as mapped):
--   osm_nodes          trees, solar PV points and address points       (node_id, tags, geom point)
--   osm_ways           buildings, parts, roads, paths, coastline,      (way_id, tags, geom linestring:
--                      cliffs, tree rows, ground areas, solar areas      every node in order, closing
--                                                                        node repeated on closed ways)
--   osm_multipolygons  multipolygon relations: buildings, parts and    (relation_id, tags,
--                      ground areas with their holes                     geom multipolygon)
--   osm_places         named place=* nodes of towns and countries      (node_id, tags, geom point)
--                      (names of pre-generated places, /explore)
--   osm_countries      admin-level-2 boundaries                        (relation_id, tags, geom multipolygon)

local ROAD_CLASSES = {
    motorway = true, trunk = true, primary = true, secondary = true, tertiary = true,
    motorway_link = true, trunk_link = true, primary_link = true, secondary_link = true, tertiary_link = true,
    residential = true, unclassified = true, road = true, service = true, living_street = true, busway = true,
    pedestrian = true, footway = true, path = true, cycleway = true, bridleway = true, steps = true, track = true,
}

-- Ground areas by key and value (mirror of AREA_KINDS in ground-tags.ts).
local AREA_VALUES = {
    natural = { water = true, wood = true, scrub = true, heath = true, beach = true, sand = true, bare_rock = true, scree = true, grassland = true },
    waterway = { riverbank = true, dock = true },
    landuse = { reservoir = true, basin = true, forest = true, farmland = true, orchard = true, vineyard = true, allotments = true,
                plant_nursery = true, grass = true, meadow = true, village_green = true, recreation_ground = true, cemetery = true },
    leisure = { swimming_pool = true, pitch = true, track = true, park = true, garden = true, playground = true, dog_park = true },
}

-- place=* values named in the directory of pre-generated places (mirror of TOWN_PLACES in
-- src/modelgen/osm/place-names.ts), and country nodes for countries without a complete boundary.
local NAMED_PLACES = {
    city = true, town = true, village = true, hamlet = true, suburb = true, quarter = true, neighbourhood = true, country = true,
}

local tables = {}

tables.nodes = osm2pgsql.define_node_table('osm_nodes', {
    { column = 'tags', type = 'jsonb', not_null = true },
    { column = 'geom', type = 'point', projection = 4326, not_null = true },
}, { indexes = { { column = 'geom', method = 'gist' } } })

tables.ways = osm2pgsql.define_way_table('osm_ways', {
    { column = 'tags', type = 'jsonb', not_null = true },
    { column = 'geom', type = 'linestring', projection = 4326, not_null = true },
}, { indexes = { { column = 'geom', method = 'gist' } } })

tables.multipolygons = osm2pgsql.define_relation_table('osm_multipolygons', {
    { column = 'tags', type = 'jsonb', not_null = true },
    { column = 'geom', type = 'multipolygon', projection = 4326, not_null = true },
}, { indexes = { { column = 'geom', method = 'gist' } } })

tables.places = osm2pgsql.define_node_table('osm_places', {
    { column = 'tags', type = 'jsonb', not_null = true },
    { column = 'geom', type = 'point', projection = 4326, not_null = true },
}, { indexes = { { column = 'geom', method = 'gist' } } })

tables.countries = osm2pgsql.define_relation_table('osm_countries', {
    { column = 'tags', type = 'jsonb', not_null = true },
    { column = 'geom', type = 'multipolygon', projection = 4326, not_null = true },
}, { indexes = { { column = 'geom', method = 'gist' } } })

local function is_building(tags)
    return (tags['building:part'] ~= nil and tags['building:part'] ~= 'no') or (tags.building ~= nil and tags.building ~= 'no')
end

local function is_area(tags)
    if (tags.highway == 'pedestrian' or tags.highway == 'footway') and tags.area == 'yes' then
        return true
    end
    for key, values in pairs(AREA_VALUES) do
        if tags[key] ~= nil and values[tags[key]] then
            return true
        end
    end
    return false
end

local function is_solar(tags)
    return tags['generator:source'] == 'solar' and tags['generator:method'] == 'photovoltaic'
end

-- An address mapped as a point (src/modelgen/features/assemble-features.ts, isAddressPoint).
local function is_address(tags)
    local number = tags['addr:housenumber']
    return number ~= nil and number:match('%S') ~= nil
end

local WATERWAYS = { river = true, canal = true, stream = true, ditch = true, drain = true }

local function is_line(tags)
    return tags.natural == 'coastline' or tags.natural == 'cliff' or tags.natural == 'tree_row' or (tags.highway ~= nil and ROAD_CLASSES[tags.highway] == true)
        or (tags.waterway ~= nil and WATERWAYS[tags.waterway] == true)
end

function osm2pgsql.process_node(object)
    if object.tags.natural == 'tree' or is_solar(object.tags) or is_address(object.tags) then
        tables.nodes:insert({ tags = object.tags, geom = object:as_point() })
    end
    if object.tags.name ~= nil and object.tags.place ~= nil and NAMED_PLACES[object.tags.place] then
        tables.places:insert({ tags = object.tags, geom = object:as_point() })
    end
end

function osm2pgsql.process_way(object)
    local tags = object.tags
    if is_building(tags) or is_line(tags) or is_area(tags) or is_solar(tags) then
        tables.ways:insert({ tags = tags, geom = object:as_linestring() })
    end
end

function osm2pgsql.process_relation(object)
    local tags = object.tags
    if tags.type == 'multipolygon' and (is_building(tags) or is_area(tags)) then
        tables.multipolygons:insert({ tags = tags, geom = object:as_multipolygon() })
    end
    if tags.type == 'boundary' and tags.boundary == 'administrative' and tags.admin_level == '2' then
        -- A boundary cut by the extract's edge has no closed rings: osm2pgsql gives no geometry, so it is skipped.
        local geom = object:as_multipolygon()
        if not geom:is_null() then
            tables.countries:insert({ tags = tags, geom = geom })
        end
    end
end

-- The bloom binary format as a contract (doc/FORMAT.md section 4): the
-- extension must keep producing exactly these bytes, estimates and membership
-- answers, so the format cannot drift silently. Generated with
-- test/vectors/bloom.json by python/make_bloom_vectors.py; the same vectors are
-- checked against an independent implementation in python/.
-- A changed byte here needs a new format version or hash id, not a new file.
-- Format version 2 (section 2.5): a filter built from values records their
-- kind. The vectors pinned before kinds are pinned with it cleared (cleared: t;
-- pg_temp.without_kind) and their kind is checked on its own; a kind-free
-- filter is a version 1 value holding values (its kind cleared after the first
-- add, as 0.4.0 stored filters); the "v2" vectors pin the bytes as written.

-- Text vectors are UTF-8 (section 2.1 hashes text in the database encoding).
SET client_encoding = 'UTF8';
-- An enum: a type outside the built-in catalog (a kind of its own); dropped at the end.
CREATE TYPE vector_mood AS ENUM ('sad', 'ok', 'happy');
-- pg_temp.answer_of(query): its one value as text, or the SQLSTATE of its error.
CREATE FUNCTION pg_temp.answer_of(query text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE answer text;
BEGIN
    EXECUTE query INTO answer;
    RETURN answer;
EXCEPTION WHEN OTHERS THEN
    RETURN SQLSTATE;
END $$;

-- The kind a header records (bytes 6-7 of a version 2 value), and the value
-- with its kind cleared (version 1, bytes 6-7 zero).
CREATE FUNCTION pg_temp.kind_of(b bytea) RETURNS integer LANGUAGE sql IMMUTABLE AS
$$ SELECT CASE get_byte(b, 1) WHEN 1 THEN 0 ELSE get_byte(b, 6) + 256 * get_byte(b, 7) END $$;
CREATE FUNCTION pg_temp.without_kind(b bytea) RETURNS bytea LANGUAGE sql IMMUTABLE AS
$$ SELECT set_byte(set_byte(set_byte(b, 1, 1), 6, 0), 7, 0) $$;

-- bloom values: fixed and scalable layouts, empty and filled, several rates,
-- capacities, seeds and SQL types (sections 4.2 - 4.7). Values over 400 bytes
-- are compared by their SHA-256; bloom_fpr within 1e-12 (it depends on libm's
-- last bits, section 4.9); the kind of section 2.5's table.
SELECT n, vector, cleared,
       CASE WHEN octet_length(x) <= 400 THEN x ELSE sha256(x) END = expected AS same_bytes,
       pg_temp.kind_of(b::bytea) = kind AS same_kind,
       bloom_cardinality(b) = cardinality AS same_cardinality,
       abs(bloom_fpr(b) - fpr) <= 1e-12 * fpr AS same_fpr
FROM (VALUES
  (1, 'empty fixed capacity 1',
   bloom_empty(1, 0.01, false, 0),
   '\x4201020101000000000000000000000001000000000000007b14ae47e17a843f0a000000000000000100000000000000000000000000000007000000000000000000'::bytea, false, 0, 0, '0'::float8),
  (2, 'empty fixed 1000 at 0.01',
   bloom_empty(1000, 0.01, false, 0),
   '\xe0bb15f9937972776acac3447a22530d479ee2fface62536c448b81683bfd8c7'::bytea, false, 0, 0, '0'::float8),
  (3, 'empty fixed 10 at 0.5 seed -1',
   bloom_empty(10, 0.5, false, -1),
   '\x4201020101000000ffffffffffffffff0a00000000000000000000000000e03f0f000000000000000a00000000000000000000000000000001000000000000000000'::bytea, false, 0, 0, '0'::float8),
  (4, 'empty fixed 5 at 0.9 (k clamped to 1)',
   bloom_empty(5, 0.9, false, 0),
   '\x420102010100000000000000000000000500000000000000cdccccccccccec3f020000000000000005000000000000000000000000000000010000000000000000'::bytea, false, 0, 0, '0'::float8),
  (5, 'empty fixed 50 at 1e-09',
   bloom_empty(50, 1e-09, false, 0),
   '\x42010201010000000000000000000000320000000000000095d626e80b2e113e6d08000000000000320000000000000000000000000000001e00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000'::bytea, false, 0, 0, '0'::float8),
  (6, 'empty scalable 10 at 0.01',
   bloom_empty(10, 0.01, true, 0),
   '\x420102020100000000000000000000000a000000000000007b14ae47e17a843f6f000000000000000a00000000000000000000000000000008000000000000000000000000000000000000000000'::bytea, false, 0, 0, '0'::float8),
  (7, 'empty scalable 1000 at 0.001 seed 1311768467294899695',
   bloom_empty(1000, 0.001, true, 1311768467294899695),
   '\x3c1a1944fc6d3bea30172488f49570711584a51bd0a1809ccdfd5de2cfeda129'::bytea, false, 0, 0, '0'::float8),
  (8, 'bloom_agg over zero rows',
   (SELECT bloom_agg(x, 100, 0.01) FROM (VALUES (NULL::bigint)) v(x) WHERE x IS NOT NULL),
   '\x4201020101000000000000000000000064000000000000007b14ae47e17a843fbf03000000000000640000000000000000000000000000000700000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000'::bytea, false, 0, 0, '0'::float8),
  (9, 'bloom_agg(x) over zero rows',
   (SELECT bloom_agg(x) FROM (VALUES (NULL::bigint)) v(x) WHERE x IS NOT NULL),
   '\x4201020101000000000000000000000001000000000000007b14ae47e17a843f0a000000000000000100000000000000000000000000000007000000000000000000'::bytea, false, 0, 0, '0'::float8),
  (10, 'fixed bloom_agg(x) bigint 1..3',
   (SELECT bloom_agg(x::bigint) FROM generate_series(1, 3) x),
   '\x4201020101000000000000000000000003000000000000007b14ae47e17a843f1d00000000000000030000000000000011000000000000000700000000000000b91b8f0b'::bytea, true, 20, 4, '0.023787919730526328'::float8),
  (11, 'fixed bloom_agg(x, 0.001) text 1..200',
   (SELECT bloom_agg(x::text, 0.001) FROM generate_series(1, 200) x),
   '\xf9fa94c52a7eab8788d3d2a9a07153881649f2289475486523a3c3203967c362'::bytea, true, 25, 200, '0.0010110543308539538'::float8),
  (12, 'fixed bloom_agg(x) bigint 1..1000 with duplicates',
   (SELECT bloom_agg(x) FROM (VALUES ('0'::bigint), ('1'::bigint), ('2'::bigint), ('3'::bigint), ('4'::bigint), ('5'::bigint), ('6'::bigint), ('7'::bigint), ('8'::bigint), ('9'::bigint), ('10'::bigint), ('11'::bigint), ('12'::bigint), ('13'::bigint), ('14'::bigint), ('15'::bigint), ('16'::bigint), ('17'::bigint), ('18'::bigint), ('19'::bigint), ('20'::bigint), ('21'::bigint), ('22'::bigint), ('23'::bigint), ('24'::bigint), ('25'::bigint), ('26'::bigint), ('27'::bigint), ('28'::bigint), ('29'::bigint), ('30'::bigint), ('31'::bigint), ('32'::bigint), ('33'::bigint), ('34'::bigint), ('35'::bigint), ('36'::bigint), ('37'::bigint), ('38'::bigint), ('39'::bigint), ('40'::bigint), ('41'::bigint), ('42'::bigint), ('43'::bigint), ('44'::bigint), ('45'::bigint), ('46'::bigint), ('47'::bigint), ('48'::bigint), ('49'::bigint), ('50'::bigint), ('51'::bigint), ('52'::bigint), ('53'::bigint), ('54'::bigint), ('55'::bigint), ('56'::bigint), ('57'::bigint), ('58'::bigint), ('59'::bigint), ('60'::bigint), ('61'::bigint), ('62'::bigint), ('63'::bigint), ('64'::bigint), ('65'::bigint), ('66'::bigint), ('67'::bigint), ('68'::bigint), ('69'::bigint), ('70'::bigint), ('71'::bigint), ('72'::bigint), ('73'::bigint), ('74'::bigint), ('75'::bigint), ('76'::bigint), ('77'::bigint), ('78'::bigint), ('79'::bigint), ('80'::bigint), ('81'::bigint), ('82'::bigint), ('83'::bigint), ('84'::bigint), ('85'::bigint), ('86'::bigint), ('87'::bigint), ('88'::bigint), ('89'::bigint), ('90'::bigint), ('91'::bigint), ('92'::bigint), ('93'::bigint), ('94'::bigint), ('95'::bigint), ('96'::bigint), ('97'::bigint), ('98'::bigint), ('99'::bigint), ('100'::bigint), ('101'::bigint), ('102'::bigint), ('103'::bigint), ('104'::bigint), ('105'::bigint), ('106'::bigint), ('107'::bigint), ('108'::bigint), ('109'::bigint), ('110'::bigint), ('111'::bigint), ('112'::bigint), ('113'::bigint), ('114'::bigint), ('115'::bigint), ('116'::bigint), ('117'::bigint), ('118'::bigint), ('119'::bigint), ('120'::bigint), ('121'::bigint), ('122'::bigint), ('123'::bigint), ('124'::bigint), ('125'::bigint), ('126'::bigint), ('127'::bigint), ('128'::bigint), ('129'::bigint), ('130'::bigint), ('131'::bigint), ('132'::bigint), ('133'::bigint), ('134'::bigint), ('135'::bigint), ('136'::bigint), ('137'::bigint), ('138'::bigint), ('139'::bigint), ('140'::bigint), ('141'::bigint), ('142'::bigint), ('143'::bigint), ('144'::bigint), ('145'::bigint), ('146'::bigint), ('147'::bigint), ('148'::bigint), ('149'::bigint), ('150'::bigint), ('151'::bigint), ('152'::bigint), ('153'::bigint), ('154'::bigint), ('155'::bigint), ('156'::bigint), ('157'::bigint), ('158'::bigint), ('159'::bigint), ('160'::bigint), ('161'::bigint), ('162'::bigint), ('163'::bigint), ('164'::bigint), ('165'::bigint), ('166'::bigint), ('167'::bigint), ('168'::bigint), ('169'::bigint), ('170'::bigint), ('171'::bigint), ('172'::bigint), ('173'::bigint), ('174'::bigint), ('175'::bigint), ('176'::bigint), ('177'::bigint), ('178'::bigint), ('179'::bigint), ('180'::bigint), ('181'::bigint), ('182'::bigint), ('183'::bigint), ('184'::bigint), ('185'::bigint), ('186'::bigint), ('187'::bigint), ('188'::bigint), ('189'::bigint), ('190'::bigint), ('191'::bigint), ('192'::bigint), ('193'::bigint), ('194'::bigint), ('195'::bigint), ('196'::bigint), ('197'::bigint), ('198'::bigint), ('199'::bigint), ('200'::bigint), ('201'::bigint), ('202'::bigint), ('203'::bigint), ('204'::bigint), ('205'::bigint), ('206'::bigint), ('207'::bigint), ('208'::bigint), ('209'::bigint), ('210'::bigint), ('211'::bigint), ('212'::bigint), ('213'::bigint), ('214'::bigint), ('215'::bigint), ('216'::bigint), ('217'::bigint), ('218'::bigint), ('219'::bigint), ('220'::bigint), ('221'::bigint), ('222'::bigint), ('223'::bigint), ('224'::bigint), ('225'::bigint), ('226'::bigint), ('227'::bigint), ('228'::bigint), ('229'::bigint), ('230'::bigint), ('231'::bigint), ('232'::bigint), ('233'::bigint), ('234'::bigint), ('235'::bigint), ('236'::bigint), ('237'::bigint), ('238'::bigint), ('239'::bigint), ('240'::bigint), ('241'::bigint), ('242'::bigint), ('243'::bigint), ('244'::bigint), ('245'::bigint), ('246'::bigint), ('247'::bigint), ('248'::bigint), ('249'::bigint), ('250'::bigint), ('251'::bigint), ('252'::bigint), ('253'::bigint), ('254'::bigint), ('255'::bigint), ('256'::bigint), ('257'::bigint), ('258'::bigint), ('259'::bigint), ('260'::bigint), ('261'::bigint), ('262'::bigint), ('263'::bigint), ('264'::bigint), ('265'::bigint), ('266'::bigint), ('267'::bigint), ('268'::bigint), ('269'::bigint), ('270'::bigint), ('271'::bigint), ('272'::bigint), ('273'::bigint), ('274'::bigint), ('275'::bigint), ('276'::bigint), ('277'::bigint), ('278'::bigint), ('279'::bigint), ('280'::bigint), ('281'::bigint), ('282'::bigint), ('283'::bigint), ('284'::bigint), ('285'::bigint), ('286'::bigint), ('287'::bigint), ('288'::bigint), ('289'::bigint), ('290'::bigint), ('291'::bigint), ('292'::bigint), ('293'::bigint), ('294'::bigint), ('295'::bigint), ('296'::bigint), ('297'::bigint), ('298'::bigint), ('299'::bigint), ('300'::bigint), ('301'::bigint), ('302'::bigint), ('303'::bigint), ('304'::bigint), ('305'::bigint), ('306'::bigint), ('307'::bigint), ('308'::bigint), ('309'::bigint), ('310'::bigint), ('311'::bigint), ('312'::bigint), ('313'::bigint), ('314'::bigint), ('315'::bigint), ('316'::bigint), ('317'::bigint), ('318'::bigint), ('319'::bigint), ('320'::bigint), ('321'::bigint), ('322'::bigint), ('323'::bigint), ('324'::bigint), ('325'::bigint), ('326'::bigint), ('327'::bigint), ('328'::bigint), ('329'::bigint), ('330'::bigint), ('331'::bigint), ('332'::bigint), ('333'::bigint), ('334'::bigint), ('335'::bigint), ('336'::bigint), ('337'::bigint), ('338'::bigint), ('339'::bigint), ('340'::bigint), ('341'::bigint), ('342'::bigint), ('343'::bigint), ('344'::bigint), ('345'::bigint), ('346'::bigint), ('347'::bigint), ('348'::bigint), ('349'::bigint), ('350'::bigint), ('351'::bigint), ('352'::bigint), ('353'::bigint), ('354'::bigint), ('355'::bigint), ('356'::bigint), ('357'::bigint), ('358'::bigint), ('359'::bigint), ('360'::bigint), ('361'::bigint), ('362'::bigint), ('363'::bigint), ('364'::bigint), ('365'::bigint), ('366'::bigint), ('367'::bigint), ('368'::bigint), ('369'::bigint), ('370'::bigint), ('371'::bigint), ('372'::bigint), ('373'::bigint), ('374'::bigint), ('375'::bigint), ('376'::bigint), ('377'::bigint), ('378'::bigint), ('379'::bigint), ('380'::bigint), ('381'::bigint), ('382'::bigint), ('383'::bigint), ('384'::bigint), ('385'::bigint), ('386'::bigint), ('387'::bigint), ('388'::bigint), ('389'::bigint), ('390'::bigint), ('391'::bigint), ('392'::bigint), ('393'::bigint), ('394'::bigint), ('395'::bigint), ('396'::bigint), ('397'::bigint), ('398'::bigint), ('399'::bigint), ('400'::bigint), ('401'::bigint), ('402'::bigint), ('403'::bigint), ('404'::bigint), ('405'::bigint), ('406'::bigint), ('407'::bigint), ('408'::bigint), ('409'::bigint), ('410'::bigint), ('411'::bigint), ('412'::bigint), ('413'::bigint), ('414'::bigint), ('415'::bigint), ('416'::bigint), ('417'::bigint), ('418'::bigint), ('419'::bigint), ('420'::bigint), ('421'::bigint), ('422'::bigint), ('423'::bigint), ('424'::bigint), ('425'::bigint), ('426'::bigint), ('427'::bigint), ('428'::bigint), ('429'::bigint), ('430'::bigint), ('431'::bigint), ('432'::bigint), ('433'::bigint), ('434'::bigint), ('435'::bigint), ('436'::bigint), ('437'::bigint), ('438'::bigint), ('439'::bigint), ('440'::bigint), ('441'::bigint), ('442'::bigint), ('443'::bigint), ('444'::bigint), ('445'::bigint), ('446'::bigint), ('447'::bigint), ('448'::bigint), ('449'::bigint), ('450'::bigint), ('451'::bigint), ('452'::bigint), ('453'::bigint), ('454'::bigint), ('455'::bigint), ('456'::bigint), ('457'::bigint), ('458'::bigint), ('459'::bigint), ('460'::bigint), ('461'::bigint), ('462'::bigint), ('463'::bigint), ('464'::bigint), ('465'::bigint), ('466'::bigint), ('467'::bigint), ('468'::bigint), ('469'::bigint), ('470'::bigint), ('471'::bigint), ('472'::bigint), ('473'::bigint), ('474'::bigint), ('475'::bigint), ('476'::bigint), ('477'::bigint), ('478'::bigint), ('479'::bigint), ('480'::bigint), ('481'::bigint), ('482'::bigint), ('483'::bigint), ('484'::bigint), ('485'::bigint), ('486'::bigint), ('487'::bigint), ('488'::bigint), ('489'::bigint), ('490'::bigint), ('491'::bigint), ('492'::bigint), ('493'::bigint), ('494'::bigint), ('495'::bigint), ('496'::bigint), ('497'::bigint), ('498'::bigint), ('499'::bigint), ('500'::bigint), ('501'::bigint), ('502'::bigint), ('503'::bigint), ('504'::bigint), ('505'::bigint), ('506'::bigint), ('507'::bigint), ('508'::bigint), ('509'::bigint), ('510'::bigint), ('511'::bigint), ('512'::bigint), ('513'::bigint), ('514'::bigint), ('515'::bigint), ('516'::bigint), ('517'::bigint), ('518'::bigint), ('519'::bigint), ('520'::bigint), ('521'::bigint), ('522'::bigint), ('523'::bigint), ('524'::bigint), ('525'::bigint), ('526'::bigint), ('527'::bigint), ('528'::bigint), ('529'::bigint), ('530'::bigint), ('531'::bigint), ('532'::bigint), ('533'::bigint), ('534'::bigint), ('535'::bigint), ('536'::bigint), ('537'::bigint), ('538'::bigint), ('539'::bigint), ('540'::bigint), ('541'::bigint), ('542'::bigint), ('543'::bigint), ('544'::bigint), ('545'::bigint), ('546'::bigint), ('547'::bigint), ('548'::bigint), ('549'::bigint), ('550'::bigint), ('551'::bigint), ('552'::bigint), ('553'::bigint), ('554'::bigint), ('555'::bigint), ('556'::bigint), ('557'::bigint), ('558'::bigint), ('559'::bigint), ('560'::bigint), ('561'::bigint), ('562'::bigint), ('563'::bigint), ('564'::bigint), ('565'::bigint), ('566'::bigint), ('567'::bigint), ('568'::bigint), ('569'::bigint), ('570'::bigint), ('571'::bigint), ('572'::bigint), ('573'::bigint), ('574'::bigint), ('575'::bigint), ('576'::bigint), ('577'::bigint), ('578'::bigint), ('579'::bigint), ('580'::bigint), ('581'::bigint), ('582'::bigint), ('583'::bigint), ('584'::bigint), ('585'::bigint), ('586'::bigint), ('587'::bigint), ('588'::bigint), ('589'::bigint), ('590'::bigint), ('591'::bigint), ('592'::bigint), ('593'::bigint), ('594'::bigint), ('595'::bigint), ('596'::bigint), ('597'::bigint), ('598'::bigint), ('599'::bigint), ('600'::bigint), ('601'::bigint), ('602'::bigint), ('603'::bigint), ('604'::bigint), ('605'::bigint), ('606'::bigint), ('607'::bigint), ('608'::bigint), ('609'::bigint), ('610'::bigint), ('611'::bigint), ('612'::bigint), ('613'::bigint), ('614'::bigint), ('615'::bigint), ('616'::bigint), ('617'::bigint), ('618'::bigint), ('619'::bigint), ('620'::bigint), ('621'::bigint), ('622'::bigint), ('623'::bigint), ('624'::bigint), ('625'::bigint), ('626'::bigint), ('627'::bigint), ('628'::bigint), ('629'::bigint), ('630'::bigint), ('631'::bigint), ('632'::bigint), ('633'::bigint), ('634'::bigint), ('635'::bigint), ('636'::bigint), ('637'::bigint), ('638'::bigint), ('639'::bigint), ('640'::bigint), ('641'::bigint), ('642'::bigint), ('643'::bigint), ('644'::bigint), ('645'::bigint), ('646'::bigint), ('647'::bigint), ('648'::bigint), ('649'::bigint), ('650'::bigint), ('651'::bigint), ('652'::bigint), ('653'::bigint), ('654'::bigint), ('655'::bigint), ('656'::bigint), ('657'::bigint), ('658'::bigint), ('659'::bigint), ('660'::bigint), ('661'::bigint), ('662'::bigint), ('663'::bigint), ('664'::bigint), ('665'::bigint), ('666'::bigint), ('667'::bigint), ('668'::bigint), ('669'::bigint), ('670'::bigint), ('671'::bigint), ('672'::bigint), ('673'::bigint), ('674'::bigint), ('675'::bigint), ('676'::bigint), ('677'::bigint), ('678'::bigint), ('679'::bigint), ('680'::bigint), ('681'::bigint), ('682'::bigint), ('683'::bigint), ('684'::bigint), ('685'::bigint), ('686'::bigint), ('687'::bigint), ('688'::bigint), ('689'::bigint), ('690'::bigint), ('691'::bigint), ('692'::bigint), ('693'::bigint), ('694'::bigint), ('695'::bigint), ('696'::bigint), ('697'::bigint), ('698'::bigint), ('699'::bigint), ('0'::bigint), ('1'::bigint), ('2'::bigint), ('3'::bigint), ('4'::bigint), ('5'::bigint), ('6'::bigint), ('7'::bigint), ('8'::bigint), ('9'::bigint), ('10'::bigint), ('11'::bigint), ('12'::bigint), ('13'::bigint), ('14'::bigint), ('15'::bigint), ('16'::bigint), ('17'::bigint), ('18'::bigint), ('19'::bigint), ('20'::bigint), ('21'::bigint), ('22'::bigint), ('23'::bigint), ('24'::bigint), ('25'::bigint), ('26'::bigint), ('27'::bigint), ('28'::bigint), ('29'::bigint), ('30'::bigint), ('31'::bigint), ('32'::bigint), ('33'::bigint), ('34'::bigint), ('35'::bigint), ('36'::bigint), ('37'::bigint), ('38'::bigint), ('39'::bigint), ('40'::bigint), ('41'::bigint), ('42'::bigint), ('43'::bigint), ('44'::bigint), ('45'::bigint), ('46'::bigint), ('47'::bigint), ('48'::bigint), ('49'::bigint), ('50'::bigint), ('51'::bigint), ('52'::bigint), ('53'::bigint), ('54'::bigint), ('55'::bigint), ('56'::bigint), ('57'::bigint), ('58'::bigint), ('59'::bigint), ('60'::bigint), ('61'::bigint), ('62'::bigint), ('63'::bigint), ('64'::bigint), ('65'::bigint), ('66'::bigint), ('67'::bigint), ('68'::bigint), ('69'::bigint), ('70'::bigint), ('71'::bigint), ('72'::bigint), ('73'::bigint), ('74'::bigint), ('75'::bigint), ('76'::bigint), ('77'::bigint), ('78'::bigint), ('79'::bigint), ('80'::bigint), ('81'::bigint), ('82'::bigint), ('83'::bigint), ('84'::bigint), ('85'::bigint), ('86'::bigint), ('87'::bigint), ('88'::bigint), ('89'::bigint), ('90'::bigint), ('91'::bigint), ('92'::bigint), ('93'::bigint), ('94'::bigint), ('95'::bigint), ('96'::bigint), ('97'::bigint), ('98'::bigint), ('99'::bigint), ('100'::bigint), ('101'::bigint), ('102'::bigint), ('103'::bigint), ('104'::bigint), ('105'::bigint), ('106'::bigint), ('107'::bigint), ('108'::bigint), ('109'::bigint), ('110'::bigint), ('111'::bigint), ('112'::bigint), ('113'::bigint), ('114'::bigint), ('115'::bigint), ('116'::bigint), ('117'::bigint), ('118'::bigint), ('119'::bigint), ('120'::bigint), ('121'::bigint), ('122'::bigint), ('123'::bigint), ('124'::bigint), ('125'::bigint), ('126'::bigint), ('127'::bigint), ('128'::bigint), ('129'::bigint), ('130'::bigint), ('131'::bigint), ('132'::bigint), ('133'::bigint), ('134'::bigint), ('135'::bigint), ('136'::bigint), ('137'::bigint), ('138'::bigint), ('139'::bigint), ('140'::bigint), ('141'::bigint), ('142'::bigint), ('143'::bigint), ('144'::bigint), ('145'::bigint), ('146'::bigint), ('147'::bigint), ('148'::bigint), ('149'::bigint), ('150'::bigint), ('151'::bigint), ('152'::bigint), ('153'::bigint), ('154'::bigint), ('155'::bigint), ('156'::bigint), ('157'::bigint), ('158'::bigint), ('159'::bigint), ('160'::bigint), ('161'::bigint), ('162'::bigint), ('163'::bigint), ('164'::bigint), ('165'::bigint), ('166'::bigint), ('167'::bigint), ('168'::bigint), ('169'::bigint), ('170'::bigint), ('171'::bigint), ('172'::bigint), ('173'::bigint), ('174'::bigint), ('175'::bigint), ('176'::bigint), ('177'::bigint), ('178'::bigint), ('179'::bigint), ('180'::bigint), ('181'::bigint), ('182'::bigint), ('183'::bigint), ('184'::bigint), ('185'::bigint), ('186'::bigint), ('187'::bigint), ('188'::bigint), ('189'::bigint), ('190'::bigint), ('191'::bigint), ('192'::bigint), ('193'::bigint), ('194'::bigint), ('195'::bigint), ('196'::bigint), ('197'::bigint), ('198'::bigint), ('199'::bigint), ('200'::bigint), ('201'::bigint), ('202'::bigint), ('203'::bigint), ('204'::bigint), ('205'::bigint), ('206'::bigint), ('207'::bigint), ('208'::bigint), ('209'::bigint), ('210'::bigint), ('211'::bigint), ('212'::bigint), ('213'::bigint), ('214'::bigint), ('215'::bigint), ('216'::bigint), ('217'::bigint), ('218'::bigint), ('219'::bigint), ('220'::bigint), ('221'::bigint), ('222'::bigint), ('223'::bigint), ('224'::bigint), ('225'::bigint), ('226'::bigint), ('227'::bigint), ('228'::bigint), ('229'::bigint), ('230'::bigint), ('231'::bigint), ('232'::bigint), ('233'::bigint), ('234'::bigint), ('235'::bigint), ('236'::bigint), ('237'::bigint), ('238'::bigint), ('239'::bigint), ('240'::bigint), ('241'::bigint), ('242'::bigint), ('243'::bigint), ('244'::bigint), ('245'::bigint), ('246'::bigint), ('247'::bigint), ('248'::bigint), ('249'::bigint), ('250'::bigint), ('251'::bigint), ('252'::bigint), ('253'::bigint), ('254'::bigint), ('255'::bigint), ('256'::bigint), ('257'::bigint), ('258'::bigint), ('259'::bigint), ('260'::bigint), ('261'::bigint), ('262'::bigint), ('263'::bigint), ('264'::bigint), ('265'::bigint), ('266'::bigint), ('267'::bigint), ('268'::bigint), ('269'::bigint), ('270'::bigint), ('271'::bigint), ('272'::bigint), ('273'::bigint), ('274'::bigint), ('275'::bigint), ('276'::bigint), ('277'::bigint), ('278'::bigint), ('279'::bigint), ('280'::bigint), ('281'::bigint), ('282'::bigint), ('283'::bigint), ('284'::bigint), ('285'::bigint), ('286'::bigint), ('287'::bigint), ('288'::bigint), ('289'::bigint), ('290'::bigint), ('291'::bigint), ('292'::bigint), ('293'::bigint), ('294'::bigint), ('295'::bigint), ('296'::bigint), ('297'::bigint), ('298'::bigint), ('299'::bigint)) v(x)),
   '\x3225e3c0911f3efc590d4727f9dd603e9136a36a6f2c1a6f13766c1f0648b703'::bytea, true, 20, 701, '0.010133132611973824'::float8),
  (13, 'fixed 100 at 0.01 bigint 1..100',
   (SELECT bloom_agg(x::bigint, 100, 0.01) FROM generate_series(1, 100) x),
   '\x4201020101000000000000000000000064000000000000007b14ae47e17a843fbf030000000000006400000000000000fd010000000000000700000000000000b8e5efdbce4991852abad2560846aee7223c9434b90ad78ff3fb8561acd788d78f169043ae0a65bfbaa7eca806a0f37ec2b94f2d9fc22e550a571d75f9b0879b1f6c5557a36675f3edff7c5c7e17c1dbf87a896abd862d5f2056722d56482cef300b8ebe51db90a304abe75a9330a04bd3b5faff1185fc3d'::bytea, true, 20, 104, '0.011865723558826246'::float8),
  (14, 'fixed 1000 at 0.001 bigint 1..1000',
   (SELECT bloom_agg(x::bigint, 1000, 0.001) FROM generate_series(1, 1000) x),
   '\x7ab8e91c20d5a735149c7599e7b9258989a63514b0848e11376518bc5cb7cee4'::bytea, true, 20, 1002, '0.0010124616022985477'::float8),
  (15, 'fixed 1000 at 0.05 text 1..500',
   (SELECT bloom_agg(x::text, 1000, 0.05) FROM generate_series(1, 500) x),
   '\x5e7fe5536bcf163238c09f201fe88e762cefe55582d7fe1a2e81192ca6b42042'::bytea, true, 25, 499, '0.005627649478890507'::float8),
  (16, 'fixed 100 at 0.1 overfilled with bigint 1..2000',
   (SELECT bloom_agg(x::bigint, 100, 0.1) FROM generate_series(1, 2000) x),
   '\x4201020101000000000000000000000064000000000000009a9999999999b93fe0010000000000006400000000000000e0010000000000000300000000000000ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff'::bytea, true, 20, 1099, '1'::float8),
  (17, 'fixed 1 at 0.5 bigint 1..3',
   (SELECT bloom_agg(x::bigint, 1, 0.5) FROM generate_series(1, 3) x),
   '\x420102010100000000000000000000000100000000000000000000000000e03f020000000000000001000000000000000100000000000000010000000000000001'::bytea, true, 20, 1, '0.5'::float8),
  (18, 'fixed 50 at 1e-09 bigint 1..50',
   (SELECT bloom_agg(x::bigint, 50, 1e-09) FROM generate_series(1, 50) x),
   '\x42010201010000000000000000000000320000000000000095d626e80b2e113e6d0800000000000032000000000000001e040000000000001e000000000000008f12ff0039325cf0acd82877d6d05ace58351ae9b0b64ae88c1149a368a133a58df36f69e01df2f107c198950e672e9e4aa7a47d7e509bc967fc2124443909c103554501ea2cd5d63dfdf1a60322922f9bab5418a5e2854f34b1963c8dd7c14f42581c7f0f2308c4c823be352a3ed12dc957437ec22ebc2521ddcee526978640aa087128f61d3127de0e46ccadf40b85f84e4d279773628fdf080d6dc12ee28a83f4563a172d8f579b7415f634fe9b3c0232897c12c4370ebfaf63303c8dc2700eabbd5ccd0238b1f64ad46d378f41665f0220f6c6c14eee178e13ea6a298a6e506b24ffd3b5b2d0440df1125e2237bd1211b1370668a582a342c7380dc767d3a5e37ebad4b78c6e2a9593b9e612'::bytea, true, 20, 48, '4.674271918739631e-10'::float8),
  (19, 'fixed 100000 at 0.01 bigint 1..100000',
   (SELECT bloom_agg(x::bigint, 100000, 0.01) FROM generate_series(1, 100000) x),
   '\x3ed0abef85923e8c7741a83aac80464c481fc680d1128bc52269f55cbaa2b909'::bytea, true, 20, 99982, '0.01003081294559337'::float8),
  (20, 'fixed 20 at 0.01 smallint',
   (SELECT bloom_agg(x, 20, 0.01) FROM (VALUES ('-32768'::smallint), ('0'::smallint), ('1'::smallint), ('7'::smallint), ('32767'::smallint)) v(x)),
   '\x4201020101000000000000000000000014000000000000007b14ae47e17a843fc00000000000000014000000000000002100000000000000070000000000000010178108080010c0418800000618009c0182200500000222'::bytea, true, 20, 5, '4.430869694260764e-06'::float8),
  (21, 'fixed 20 at 0.01 integer',
   (SELECT bloom_agg(x, 20, 0.01) FROM (VALUES ('-2147483648'::integer), ('0'::integer), ('1'::integer), ('7'::integer), ('2147483647'::integer)) v(x)),
   '\x4201020101000000000000000000000014000000000000007b14ae47e17a843fc000000000000000140000000000000022000000000000000700000000000000000192890800004841880000061c048c018062260000002a'::bytea, true, 20, 5, '5.4606434242492435e-06'::float8),
  (22, 'fixed 20 at 0.01 boolean',
   (SELECT bloom_agg(x, 20, 0.01) FROM (VALUES ('true'::boolean), ('false'::boolean), ('true'::boolean)) v(x)),
   '\x4201020101000000000000000000000014000000000000007b14ae47e17a843fc00000000000000014000000000000000e000000000000000700000000000000000100000800000041880000040800840100200400000002'::bytea, true, 16, 2, '1.095942196882938e-08'::float8),
  (23, 'fixed 20 at 0.01 real',
   (SELECT bloom_agg(x, 20, 0.01) FROM (VALUES ('0.5'::real), ('0.1'::real), ('-0'::real), ('42'::real), ('NaN'::real), ('Infinity'::real)) v(x)),
   '\x4201020101000000000000000000000014000000000000007b14ae47e17a843fc000000000000000140000000000000026000000000000000700000000000000800102401001006441a02c100c1800044101a00101456183'::bytea, true, 701, 6, '1.1895332209383499e-05'::float8),
  (24, 'fixed 20 at 0.01 double precision',
   (SELECT bloom_agg(x, 20, 0.01) FROM (VALUES ('0.1'::double precision), ('-0'::double precision), ('42'::double precision), ('1.5'::double precision), ('1e+19'::double precision), ('NaN'::double precision), ('-Infinity'::double precision)) v(x)),
   '\x4201020101000000000000000000000014000000000000007b14ae47e17a843fc00000000000000014000000000000002c000000000000000700000000000000990502508810086640b832300c0c01140121a000010060a0'::bytea, true, 701, 7, '3.3194041641869384e-05'::float8),
  (25, 'fixed 20 at 0.01 numeric',
   (SELECT bloom_agg(x, 20, 0.01) FROM (VALUES ('1.50'::numeric), ('-0.001'::numeric), ('42.000'::numeric), ('9223372036854775808'::numeric), ('NaN'::numeric), ('-Infinity'::numeric)) v(x)),
   '\x4201020101000000000000000000000014000000000000007b14ae47e17a843fc0000000000000001400000000000000250000000000000007000000000000000180026014a03404040aa33208020400c809042801002080'::bytea, true, 1700, 6, '9.869688989691602e-06'::float8),
  (26, 'fixed 20 at 0.01 text',
   (SELECT bloom_agg(x, 20, 0.01) FROM (VALUES (''::text), ('a'::text), ('abc'::text), ('abc '::text), ('héllo'::text), ('日本語'::text)) v(x)),
   '\x4201020101000000000000000000000014000000000000007b14ae47e17a843fc000000000000000140000000000000026000000000000000700000000000000012002442a40281c288860240009422040f0480400204002'::bytea, true, 25, 6, '1.1895332209383499e-05'::float8),
  (27, 'fixed 20 at 0.01 char(6)',
   (SELECT bloom_agg(x, 20, 0.01) FROM (VALUES ('abc'::char(6)), ('  a'::char(6)), (''::char(6))) v(x)),
   '\x4201020101000000000000000000000014000000000000007b14ae47e17a843fc00000000000000014000000000000001400000000000000070000000000000000201001020018102008c004000902400240480000000000'::bytea, true, 25, 3, '1.3307649957354234e-07'::float8),
  (28, 'fixed 20 at 0.01 bytea',
   (SELECT bloom_agg(x, 20, 0.01) FROM (VALUES ('\x'::bytea), ('\x00'::bytea), ('\x616263'::bytea), ('\xdeadbeef'::bytea)) v(x)),
   '\x4201020101000000000000000000000014000000000000007b14ae47e17a843fc00000000000000014000000000000001800000000000000070000000000000000200000420218102008408c040902004000d80040000040'::bytea, true, 17, 4, '4.7683715820312495e-07'::float8),
  (29, 'fixed 20 at 0.01 uuid',
   (SELECT bloom_agg(x, 20, 0.01) FROM (VALUES ('a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid), ('00000000-0000-0000-0000-000000000000'::uuid)) v(x)),
   '\x4201020101000000000000000000000014000000000000007b14ae47e17a843fc00000000000000014000000000000000e000000000000000700000000000000000041000080002201000000000114000080011800010000'::bytea, true, 2950, 2, '1.095942196882938e-08'::float8),
  (30, 'fixed 20 at 0.01 date',
   (SELECT bloom_agg(x, 20, 0.01) FROM (VALUES ('2000-01-01'::date), ('2024-02-29'::date), ('0001-01-01'::date), ('infinity'::date)) v(x)),
   '\x4201020101000000000000000000000014000000000000007b14ae47e17a843fc00000000000000014000000000000001c000000000000000700000000000000000514830000000840010000a40c00068502609200002008'::bytea, true, 1082, 4, '1.4028060120101607e-06'::float8),
  (31, 'fixed 20 at 0.01 timestamp',
   (SELECT bloom_agg(x, 20, 0.01) FROM (VALUES ('2000-01-01 00:00:00'::timestamp), ('2024-01-01 12:00:00.000001'::timestamp), ('-infinity'::timestamp)) v(x)),
   '\x4201020101000000000000000000000014000000000000007b14ae47e17a843fc0000000000000001400000000000000150000000000000007000000000000000001000080201004600004000608020401002080090c0004'::bytea, true, 1114, 3, '1.8725199879554566e-07'::float8),
  (32, 'fixed 20 at 0.01 timestamptz',
   (SELECT bloom_agg(x, 20, 0.01) FROM (VALUES ('2024-01-01 12:00:00+00'::timestamptz), ('2024-01-01 07:00:00-05'::timestamptz), ('1999-12-31 23:59:59.999999+00'::timestamptz)) v(x)),
   '\x4201020101000000000000000000000014000000000000007b14ae47e17a843fc00000000000000014000000000000000e000000000000000700000000000000100000140000801000042000040000500000000050000018'::bytea, true, 1184, 2, '1.095942196882938e-08'::float8),
  (33, 'fixed 20 at 0.01 seed 42 bloom_add mixed types',
   bloom_add(bloom_add(bloom_add(bloom_add(bloom_add(bloom_add(bloom_add(bloom_add(bloom_add(set_byte(set_byte(set_byte((bloom_add(bloom_empty(20, 0.01, false, 42), '1'::bigint))::bytea, 1, 1), 6, 0), 7, 0)::bloom, 'a'::text), '2.5'::numeric), '0.25'::double precision), 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid), '2024-01-01'::date), '\xff'::bytea), '2024-01-01 12:00:00+00'::timestamptz), 'true'::boolean), 'ab'::char(4)),
   '\x42010201010000002a0000000000000014000000000000007b14ae47e17a843fc000000000000000140000000000000038000000000000000700000000000000660810d0a18b10020b0950134440032690041064c8b48354'::bytea, false, 0, 9, '0.00017955916953730057'::float8),
  (34, 'fixed 300 at 0.02 seed -1 bloom_add bigint 1..300',
   (WITH RECURSIVE r(i, b) AS (SELECT 0, bloom_empty(300, 0.02, false, -1) UNION ALL SELECT i + 1, bloom_add(b, (i + 1)::bigint) FROM r WHERE i < 300) SELECT b FROM r WHERE i = 300),
   '\x4201020101000000ffffffffffffffff2c010000000000007b14ae47e17a943f8b090000000000002c01000000000000e90400000000000006000000000000004848ea9f9439178c21630e27b9f3b11615790c666d36d87a81713e5826650ba8de8b4dcb3664e3d50b679bc890e3463484fe5ec5145371c86f7cfdac2734b24de766da69db195f00cbf9cca9e1998ff2a1adcfee63414435369470854f756d1f16c9ce26a3779ef0fa2adedb41b7b2d1fe385d120e91b115744e4bfa92e23d55ec87f96ba99ab2e2254367e038251d7e9f36ae85c47f6be9dfa3afb99d5a61383910013cf0473cca0dd2f3d805f0af03a4d1d0cdff1f09414c0d993c71924baf1c1ed6f5707f30c4fff05697be03cae40a7f82f96a3caefa85da41c023df17d5c960c9eecf19b893e5a874a9562fafb565adf38c195a7edbec26f4b371e327ceac1bb9fa52dba6122ac77f09764a1c101a59bb640566168d1964f0d82048cbc7e1fea9396d47e365845ad3ce41c5cd6f6302'::bytea, true, 20, 294, '0.018555423215887414'::float8),
  (35, 'scalable 10 at 0.01 bigint 1..5 (one layer)',
   (WITH RECURSIVE r(i, b) AS (SELECT 0, bloom_empty(10, 0.01, true, 0) UNION ALL SELECT i + 1, bloom_add(b, (i + 1)::bigint) FROM r WHERE i < 5) SELECT b FROM r WHERE i = 5),
   '\x420102020100000000000000000000000a000000000000007b14ae47e17a843f6f000000000000000a00000000000000230000000000000008000000000000001c4a143036280030f2028932410d'::bytea, true, 20, 5, '9.771483983536437e-05'::float8),
  (36, 'scalable 1 at 0.5 bigint 1..20',
   (WITH RECURSIVE r(i, b) AS (SELECT 0, bloom_empty(1, 0.5, true, 0) UNION ALL SELECT i + 1, bloom_add(b, (i + 1)::bigint) FROM r WHERE i < 20) SELECT b FROM r WHERE i = 20),
   '\x420102020300000000000000000000000100000000000000000000000000e03f0300000000000000010000000000000002000000000000000200000000000000030900000000000000020000000000000005000000000000000300000000000000a901180000000000000004000000000000000700000000000000040000000000000090401d'::bytea, true, 20, 6, '0.5430353859688799'::float8),
  (37, 'scalable 4 at 0.1 bigint 1..40',
   (WITH RECURSIVE r(i, b) AS (SELECT 0, bloom_empty(4, 0.1, true, 0) UNION ALL SELECT i + 1, bloom_add(b, (i + 1)::bigint) FROM r WHERE i < 40) SELECT b FROM r WHERE i = 40),
   '\x4201020204000000000000000000000004000000000000009a9999999999b93f190000000000000004000000000000000b000000000000000400000000000000d8a521013e0000000000000008000000000000001e000000000000000500000000000000ce1420cdfdec832892000000000000001000000000000000470000000000000006000000000000002e0f251bcb802d53cc5ef2472152dcbace1700530100000000000020000000000000002700000000000000070000000000000008040001000800800403002806021418004002008000200008080880102020002400204000006070040001'::bytea, true, 20, 34, '0.07540431812631289'::float8),
  (38, 'scalable 2 at 0.01 bigint 1..20',
   (WITH RECURSIVE r(i, b) AS (SELECT 0, bloom_empty(2, 0.01, true, 0) UNION ALL SELECT i + 1, bloom_add(b, (i + 1)::bigint) FROM r WHERE i < 20) SELECT b FROM r WHERE i = 20),
   '\x4201020204000000000000000000000002000000000000007b14ae47e17a843f1700000000000000020000000000000007000000000000000800000000000000948244320000000000000004000000000000001900000000000000090000000000000077b181e8b1ce007000000000000000080000000000000039000000000000000a000000000000007c2c47f3329962af7b514ab290daf60000000000000010000000000000004c000000000000000b00000000000000be008a0809861030004220c0498002901080b740de4bc2061af0195eb01a08'::bytea, true, 20, 21, '0.003192322920510534'::float8),
  (39, 'scalable 100 at 0.01 bigint 1..3000',
   (WITH RECURSIVE r(i, b) AS (SELECT 0, bloom_empty(100, 0.01, true, 0) UNION ALL SELECT i + 1, bloom_add(b, (i + 1)::bigint) FROM r WHERE i < 3000) SELECT b FROM r WHERE i = 3000),
   '\x25795510a8939f2837592e2eaff9029d52724727f040dd4f6938ce0210f91b90'::bytea, true, 20, 2982, '0.00937790849835092'::float8),
  (40, 'scalable 50 at 0.001 seed -1 text 1..400',
   (WITH RECURSIVE r(i, b) AS (SELECT 0, bloom_empty(50, 0.001, true, -1) UNION ALL SELECT i + 1, bloom_add(b, (i + 1)::text) FROM r WHERE i < 400) SELECT b FROM r WHERE i = 400),
   '\x5ea87dd7275637473813544611f4b794e762c3e9d4e869f52f8ce02604c6ecf4'::bytea, true, 25, 405, '0.0008304580305533011'::float8),
  (41, 'scalable 8 at 0.05 seed 7 bloom_add mixed types',
   bloom_add(bloom_add(bloom_add(bloom_add(bloom_add(bloom_add(bloom_add(bloom_add(bloom_add(bloom_add(bloom_add(bloom_add(bloom_add(bloom_add(bloom_add(bloom_add(bloom_add(bloom_add(bloom_add(set_byte(set_byte(set_byte((bloom_add(bloom_empty(8, 0.05, true, 7), '1'::bigint))::bytea, 1, 1), 6, 0), 7, 0)::bloom, 'a'::text), '2.5'::numeric), '0.25'::double precision), 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid), '2024-01-01'::date), '\xff'::bytea), '2024-01-01 12:00:00+00'::timestamptz), 'true'::boolean), 'ab'::char(4)), '1'::bigint), 'a'::text), '2.5'::numeric), '0.25'::double precision), 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid), '2024-01-01'::date), '\xff'::bytea), '2024-01-01 12:00:00+00'::timestamptz), 'true'::boolean), 'ab'::char(4)),
   '\x4201020202000000070000000000000008000000000000009a9999999999a93f3e0000000000000008000000000000001e000000000000000500000000000000299d48cacb05963b920000000000000010000000000000000600000000000000060000000000000000000000022000000000000000080006080000'::bytea, false, 0, 9, '0.026524542563380684'::float8),
  (42, 'scalable 3 at 0.2 bigint with duplicates',
   bloom_add(bloom_add(bloom_add(bloom_add(bloom_add(bloom_add(bloom_add(bloom_add(bloom_add(bloom_add(bloom_add(bloom_add(bloom_add(bloom_add(bloom_add(bloom_add(bloom_add(bloom_add(bloom_add(bloom_add(bloom_add(bloom_add(bloom_add(bloom_add(bloom_add(bloom_add(bloom_add(bloom_add(bloom_add(bloom_add(bloom_add(bloom_add(bloom_add(bloom_add(bloom_add(bloom_add(bloom_add(bloom_add(bloom_add(bloom_add(bloom_empty(3, 0.2, true, 0), '0'::bigint), '1'::bigint), '2'::bigint), '3'::bigint), '4'::bigint), '5'::bigint), '6'::bigint), '7'::bigint), '8'::bigint), '0'::bigint), '1'::bigint), '2'::bigint), '3'::bigint), '4'::bigint), '5'::bigint), '6'::bigint), '7'::bigint), '8'::bigint), '0'::bigint), '1'::bigint), '2'::bigint), '3'::bigint), '4'::bigint), '5'::bigint), '6'::bigint), '7'::bigint), '8'::bigint), '0'::bigint), '1'::bigint), '2'::bigint), '3'::bigint), '4'::bigint), '5'::bigint), '6'::bigint), '7'::bigint), '8'::bigint), '0'::bigint), '1'::bigint), '2'::bigint), '3'::bigint),
   '\x4201020203000000000000000000000003000000000000009a9999999999c93f0f00000000000000030000000000000005000000000000000300000000000000c40a2600000000000000060000000000000011000000000000000400000000000000121af8d9225d000000000000000c0000000000000005000000000000000500000000000000020000000000008400000011'::bytea, true, 20, 9, '0.07560933900929968'::float8),
  (43, 'empty blocked 1000 at 0.01',
   bloom_empty(1000, 0.01, 'blocked', 0),
   '\xbe2ede66cb2e1d5ec4ff7a513aef9d2c286d444fb201774d2c67ea2818b6b087'::bytea, false, 0, 0, '0'::float8),
  (44, 'empty blocked 1 at 0.5 seed -1',
   bloom_empty(1, 0.5, 'blocked', -1),
   '\x4201020301000000ffffffffffffffff0100000000000000000000000000e03f000200000000000001000000000000000000000000000000010000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000'::bytea, false, 0, 0, '0'::float8),
  (45, 'blocked 100 at 0.01 bigint 1..100',
   (SELECT bloom_agg(x::bigint, 100, 0.01, 'blocked') FROM generate_series(1, 100) x),
   '\x4201020301000000000000000000000064000000000000007b14ae47e17a843f00040000000000006400000000000000f60100000000000007000000000000004bcc1136901f8d39353d6946f84bd4eb0e64272e3292a79ebc0d7ecf2f7a43aa1b934342b72d82d5dc34a3be326c831788d7c7bc0f5b865f44c936c31cb3a8795b8b455ac70a9641196d17fb1958922f0eb2e07874a2f2801a9f964dafc063f816bf456910d5a03707a350ba34515f7d41401c23a7c41b245057fdf4538d8676'::bytea, true, 20, 99, '0.008380250607908434'::float8),
  (46, 'blocked 1000 at 0.001 text 1..1000',
   (SELECT bloom_agg(x::text, 1000, 0.001, 'blocked') FROM generate_series(1, 1000) x),
   '\x7e27f28b6c9d51b83ab3f0202a3151201dc463ab51a3dd94c121a503c4dfaf0e'::bytea, true, 25, 1004, '0.0009697664176589359'::float8),
  (47, 'blocked 200 at 1e-06 seed -1 bloom_add bigint 1..200',
   (WITH RECURSIVE r(i, b) AS (SELECT 0, bloom_empty(200, 1e-06, 'blocked', -1) UNION ALL SELECT i + 1, bloom_add(b, (i + 1)::bigint) FROM r WHERE i < 200) SELECT b FROM r WHERE i = 200),
   '\xd804fc7e9bb35c242fff1fc6cc19b59771fc5bf017d2133238ee3e978f5d9e29'::bytea, true, 20, 202, '7.36084563422948e-07'::float8),
  (48, 'blocked 10 at 0.1 overfilled with bigint 1..500',
   (SELECT bloom_agg(x::bigint, 10, 0.1, 'blocked') FROM generate_series(1, 500) x),
   '\x420102030100000000000000000000000a000000000000009a9999999999b93f00020000000000000a00000000000000e6010000000000000300000000000000fffffb7ffd7fffffffff7fffffebffffffffffefbfffffff7ffffffffffffffffbffabfffff6ffffff7ffffff7fff7ffff6ffffffffffff5ffff7fffffffff3f'::bytea, true, 20, 520, '0.8654776737527033'::float8),
  (49, 'blocked 20 at 0.05 seed 42 bloom_add mixed types',
   bloom_add(bloom_add(bloom_add(bloom_add(bloom_add(bloom_add(bloom_add(bloom_add(bloom_add(set_byte(set_byte(set_byte((bloom_add(bloom_empty(20, 0.05, 'blocked', 42), '1'::bigint))::bytea, 1, 1), 6, 0), 7, 0)::bloom, 'a'::text), '2.5'::numeric), '0.25'::double precision), 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid), '2024-01-01'::date), '\xff'::bytea), '2024-01-01 12:00:00+00'::timestamptz), 'true'::boolean), 'ab'::char(4)),
   '\x42010203010000002a0000000000000014000000000000009a9999999999a93f00020000000000001400000000000000240000000000000004000000000000000020000002000200080240000000090880000004040000900008000800000440200100082000104000040000c000000002000080040000019000000201080000'::bytea, false, 0, 9, '4.056932731409893e-05'::float8),
  (50, 'blocked 20000 at 0.01 bigint 1..20000',
   (SELECT bloom_agg(x::bigint, 20000, 0.01, 'blocked') FROM generate_series(1, 20000) x),
   '\xc150a2c5c005edd36258f66440b032d71219f5c2e87e31835fb3e2931b5d6977'::bytea, true, 20, 20019, '0.009928528074756474'::float8),
  (51, 'v2 fixed 50 at 0.01 bigint 1..40',
   (SELECT bloom_agg(x::bigint, 50, 0.01) FROM generate_series(1, 40) x),
   '\x4202020101001400000000000000000032000000000000007b14ae47e17a843fe0010000000000003200000000000000d9000000000000000700000000000000b2fba8384744329a60400df6c013b0d20d8c6766a78203b94023092201370d5127fe3a7ffbaf34f1c885292e282e03ea6562f914924bc3b867bd001b'::bytea, false, 20, 41, '0.003859486048102637'::float8),
  (52, 'v2 fixed 50 at 0.01 double precision',
   (SELECT bloom_agg(x, 50, 0.01) FROM (VALUES ('0.5'::double precision), ('19.99'::double precision), ('-0'::double precision), ('42'::double precision), ('NaN'::double precision), ('1e+300'::double precision), ('-Infinity'::double precision)) v(x)),
   '\x420202010100bd02000000000000000032000000000000007b14ae47e17a843fe00100000000000032000000000000002f000000000000000700000000000000000428020010008000100008088010000400021200810040449019000005200100100134000004000280200000004020001011000000010012000020'::bytea, false, 701, 7, '8.62971282870286e-08'::float8),
  (53, 'v2 fixed 50 at 0.01 numeric',
   (SELECT bloom_agg(x, 50, 0.01) FROM (VALUES ('0.5'::numeric), ('42.000'::numeric), ('-1e20'::numeric), ('NaN'::numeric)) v(x)),
   '\x420202010100a406000000000000000032000000000000007b14ae47e17a843fe00100000000000032000000000000001a000000000000000700000000000000800000008010000000100000000000800800420000000000000600000041000109000000000000000000210000000000000001128000200050008020'::bytea, false, 1700, 4, '1.3681218348303833e-09'::float8),
  (54, 'v2 fixed 50 at 0.01 text',
   (SELECT bloom_agg(x, 50, 0.01) FROM (VALUES (''::text), ('abc'::text), ('héllo'::text)) v(x)),
   '\x4202020101001900000000000000000032000000000000007b14ae47e17a843fe0010000000000003200000000000000150000000000000007000000000000000200000006080000000010000000008000000001004000108000c0000400000010200008000000000000008080000101000000000000000080000000'::bytea, false, 25, 3, '3.0679367482662187e-10'::float8),
  (55, 'v2 fixed 50 at 0.01 date',
   (SELECT bloom_agg(x, 50, 0.01) FROM (VALUES ('2024-01-01'::date), ('1999-12-31'::date), ('infinity'::date)) v(x)),
   '\x4202020101003a04000000000000000032000000000000007b14ae47e17a843fe001000000000000320000000000000014000000000000000700000000000000001000000000084000800000000000000000220100000000000040000004000000080000000400000010000000000001000000100204400000808800'::bytea, false, 1082, 3, '2.1803253690129164e-10'::float8),
  (56, 'v2 fixed 50 at 0.01 timestamp',
   (SELECT bloom_agg(x, 50, 0.01) FROM (VALUES ('2024-01-01 00:00:00'::timestamp), ('2024-01-01 12:00:00.5'::timestamp), ('-infinity'::timestamp)) v(x)),
   '\x4202020101005a04000000000000000032000000000000007b14ae47e17a843fe00100000000000032000000000000001500000000000000070000000000000000000000000000000000000000000000010002000020000020c000000040920000008100000010000084000000000000005000800020002000000200'::bytea, false, 1114, 3, '3.0679367482662187e-10'::float8),
  (57, 'v2 fixed 50 at 0.01 enum (kind of its own)',
   (SELECT bloom_agg(x, 50, 0.01) FROM (VALUES ('ok'::vector_mood), ('happy'::vector_mood)) v(x)),
   '\x420202010100bc43000000000000000032000000000000007b14ae47e17a843fe00100000000000032000000000000000e000000000000000700000000000000000000000840000000000002000400000000000000000000400000000400000000000000000002080000008000000000000001000000000004c00400'::bytea, false, 17340, 2, '1.795591695373005e-11'::float8),
  (58, 'v2 fixed 50 at 0.01 integer[]',
   (SELECT bloom_agg(x, 50, 0.01) FROM (VALUES ('{1,2,3}'::integer[]), ('{}'::integer[]), ('{NULL,4}'::integer[])) v(x)),
   '\x420202010100f803000000000000000032000000000000007b14ae47e17a843fe00100000000000032000000000000001500000000000000070000000000000000400c002000000000000010000004000001000000001800000040000001000088000002000000010000000004004000000000001002000000000808'::bytea, false, 1016, 3, '3.0679367482662187e-10'::float8),
  (59, 'v2 bloom_agg(x) timestamptz',
   (SELECT bloom_agg(x) FROM (VALUES ('2024-01-01 12:00:00+00'::timestamptz), ('2024-01-01 07:00:00-05'::timestamptz), ('2000-01-01 00:00:00+00'::timestamptz)) v(x)),
   '\x420202010100a004000000000000000002000000000000007b14ae47e17a843f1400000000000000020000000000000009000000000000000700000000000000a5bc00'::bytea, false, 1184, 2, '0.0037366945312500006'::float8),
  (60, 'v2 bloom_agg(x, 0.05) text[]',
   (SELECT bloom_agg(x, 0.05) FROM (VALUES ('{a,b}'::text[]), ('{}'::text[]), ('{"c d"}'::text[])) v(x)),
   '\x420202010100f103000000000000000003000000000000009a9999999999a93f130000000000000003000000000000000a0000000000000004000000000000002ad605'::bytea, false, 1009, 4, '0.07673360394717657'::float8),
  (61, 'v2 blocked 100 at 0.01 double precision 1..100',
   (SELECT bloom_agg(x::double precision, 100, 0.01, 'blocked') FROM generate_series(1, 100) x),
   '\x420202030100bd02000000000000000064000000000000007b14ae47e17a843f00040000000000006400000000000000f60100000000000007000000000000004bcc1136901f8d39353d6946f84bd4eb0e64272e3292a79ebc0d7ecf2f7a43aa1b934342b72d82d5dc34a3be326c831788d7c7bc0f5b865f44c936c31cb3a8795b8b455ac70a9641196d17fb1958922f0eb2e07874a2f2801a9f964dafc063f816bf456910d5a03707a350ba34515f7d41401c23a7c41b245057fdf4538d8676'::bytea, false, 701, 99, '0.008380250607908434'::float8),
  (62, 'v2 blocked 50 at 0.05 text 1..60',
   (SELECT bloom_agg(x::text, 50, 0.05, 'blocked') FROM generate_series(1, 60) x),
   '\x4202020301001900000000000000000032000000000000009a9999999999a93f00020000000000003200000000000000bf00000000000000040000000000000000470212b1245c10022e04827a676de720c20470b0900e101179ee07810f224f1469d911c28310354098876b0c2873f41a5056540594992305c6606541ce2844'::bytea, false, 25, 60, '0.020567937344774745'::float8),
  (63, 'v2 blocked 50 at 0.01 enum (kind of its own)',
   (SELECT bloom_agg(x, 50, 0.01, 'blocked') FROM (VALUES ('sad'::vector_mood), ('happy'::vector_mood)) v(x)),
   '\x420202030100bc43000000000000000032000000000000007b14ae47e17a843f000200000000000032000000000000000d00000000000000070000000000000000000000000000000200000000000000a00000000001000000000800400080000000000000000040000000000008020000000400000000000000100000100000'::bytea, false, 17340, 2, '7.752081553155077e-10'::float8),
  (64, 'v2 blocked 50 at 0.01 enum zero rows (no kind)',
   (SELECT bloom_agg(x, 50, 0.01, 'blocked') FROM (VALUES (NULL::vector_mood)) v(x) WHERE x IS NOT NULL),
   '\x4201020301000000000000000000000032000000000000007b14ae47e17a843f000200000000000032000000000000000000000000000000070000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000'::bytea, false, 0, 0, '0'::float8),
  (65, 'v2 blocked 30 at 0.01 text zero rows (no kind)',
   (SELECT bloom_agg(x, 30, 0.01, 'blocked') FROM (VALUES (NULL::text)) v(x)),
   '\x420102030100000000000000000000001e000000000000007b14ae47e17a843f00020000000000001e000000000000000000000000000000070000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000'::bytea, false, 0, 0, '0'::float8),
  (66, 'v2 scalable 4 at 0.1 numeric 1..40',
   (WITH RECURSIVE r(i, b) AS (SELECT 0, bloom_empty(4, 0.1, true, 0) UNION ALL SELECT i + 1, bloom_add(b, (i + 1)::numeric) FROM r WHERE i < 40) SELECT b FROM r WHERE i = 40),
   '\x420202020400a406000000000000000004000000000000009a9999999999b93f190000000000000004000000000000000b000000000000000400000000000000d8a521013e0000000000000008000000000000001e000000000000000500000000000000ce1420cdfdec832892000000000000001000000000000000470000000000000006000000000000002e0f251bcb802d53cc5ef2472152dcbace1700530100000000000020000000000000002700000000000000070000000000000008040001000800800403002806021418004002008000200008080880102020002400204000006070040001'::bytea, false, 1700, 34, '0.07540431812631289'::float8),
  (67, 'v2 scalable 2 at 0.1 seed 5 text 1..30',
   (WITH RECURSIVE r(i, b) AS (SELECT 0, bloom_empty(2, 0.1, true, 5) UNION ALL SELECT i + 1, bloom_add(b, (i + 1)::text) FROM r WHERE i < 30) SELECT b FROM r WHERE i = 30),
   '\x4202020204001900050000000000000002000000000000009a9999999999b93f0d00000000000000020000000000000005000000000000000500000000000000a0191f0000000000000004000000000000000d00000000000000050000000000000080687713490000000000000008000000000000002300000000000000060000000000000051c9e69eec8b0e840b01aa0000000000000010000000000000004d000000000000000700000000000000c22cc6cb6d84134763c173e2c600c00981ebf9447e03'::bytea, false, 25, 27, '0.036946378247126016'::float8),
  (68, 'v2 scalable 4 at 0.1 date',
   bloom_add(bloom_add(bloom_add(bloom_empty(4, 0.1, true, 0), '2024-01-01'::date), '2024-01-02'::date), '2024-01-03'::date),
   '\x4202020201003a04000000000000000004000000000000009a9999999999b93f190000000000000004000000000000000600000000000000040000000000000004105201'::bytea, false, 1082, 2, '0.0033177599999999995'::float8),
  (69, 'v2 fixed 20 at 0.01 bloom_add double precision, then numeric and integer',
   bloom_add(bloom_add(bloom_add(bloom_add(bloom_empty(20, 0.01, false, 0), '0.5'::double precision), '19.99'::numeric), '3'::integer), '0.5'::numeric),
   '\x420202010100bd02000000000000000014000000000000007b14ae47e17a843fc000000000000000140000000000000015000000000000000700000000000000400000401010101448000c00001c00004000008082202800'::bytea, false, 701, 3, '1.8725199879554566e-07'::float8),
  (70, 'v2 scalable 3 at 0.2 seed -1 bloom_add bigint, then integral double precision and numeric',
   bloom_add(bloom_add(bloom_add(bloom_add(bloom_add(bloom_empty(3, 0.2, true, -1), '1'::bigint), '2'::double precision), '3.0'::numeric), '1.000'::numeric), '4'::smallint),
   '\x4202020201001400ffffffffffffffff03000000000000009a9999999999c93f0f00000000000000030000000000000006000000000000000300000000000000d064'::bytea, false, 20, 3, '0.06400000000000002'::float8),
  (71, 'v2 blocked 20 at 0.01 bloom_add date, then midnight and infinite timestamps',
   bloom_add(bloom_add(bloom_add(bloom_empty(20, 0.01, 'blocked', 0), '2024-01-01'::date), '2024-01-02 00:00:00'::timestamp), 'infinity'::timestamp),
   '\x4202020301003a04000000000000000014000000000000007b14ae47e17a843f000200000000000014000000000000001500000000000000070000000000000000004000000002000800000000100200000009020000000080000000000200204000000000002000000008000400000000080000010004010000000000820000'::bytea, false, 1082, 3, '6.42704635300578e-09'::float8),
  (72, 'v2 fixed 20 at 0.01 bloom_add timestamp, then dates',
   bloom_add(bloom_add(bloom_add(bloom_empty(20, 0.01, false, 0), '2024-01-01 00:00:00'::timestamp), '2024-01-02'::date), '-infinity'::date),
   '\x4202020101005a04000000000000000014000000000000007b14ae47e17a843fc000000000000000140000000000000013000000000000000700000000000000014020000000200420000488062000085000008000080404'::bytea, false, 1114, 3, '9.293228288580859e-08'::float8),
  (73, 'v1 fixed 50 at 0.01 bigint 1..30, kind-free from its first add',
   (WITH RECURSIVE r(i, b) AS (SELECT 0, bloom_empty(50, 0.01, false, 0) UNION ALL SELECT i + 1, CASE WHEN i = 0 THEN set_byte(set_byte(set_byte((bloom_add(b, (i + 1)::bigint))::bytea, 1, 1), 6, 0), 7, 0)::bloom ELSE bloom_add(b, (i + 1)::bigint) END FROM r WHERE i < 30) SELECT b FROM r WHERE i = 30),
   '\x4201020101000000000000000000000032000000000000007b14ae47e17a843fe0010000000000003200000000000000b100000000000000070000000000000092fb88304544329a60400db28002b09201804766870202b94023082201070d5126dc2a7fdaaf34e18885292c280e01ea6562d9149249033865bc001a'::bytea, false, 0, 32, '0.0009270949232649062'::float8),
  (74, 'v2 fixed 1000 at 0.01 bigint 1',
   (SELECT bloom_agg(x, 1000, 0.01) FROM (VALUES ('1'::bigint)) v(x)),
   '\x601fa1a8c849fb2cb1b37de7f90fa68f5dfdaf0776103fa982795059b6d5089b'::bytea, false, 20, 1, '1.1071954885433074e-22'::float8),
  (75, 'v2 fixed 1000 at 0.01 bigint 2',
   (SELECT bloom_agg(x, 1000, 0.01) FROM (VALUES ('2'::bigint)) v(x)),
   '\x15b26620da5674bb3ce366c97f589ce1f9164e7a41077dfe45ef9da8b0fcccb6'::bytea, false, 20, 1, '1.1071954885433074e-22'::float8),
  (76, 'empty fixed 1000 at 0.001',
   bloom_empty(1000, 0.001, false, 0),
   '\x87f254f0218f910216a9d6a419a0f4a3abee3b18caa50cef19505933cc1b0cae'::bytea, false, 0, 0, '0'::float8),
  (77, 'scalable 4 at 0.1 text 1..10',
   (WITH RECURSIVE r(i, b) AS (SELECT 0, bloom_empty(4, 0.1, true, 0) UNION ALL SELECT i + 1, bloom_add(b, (i + 1)::text) FROM r WHERE i < 10) SELECT b FROM r WHERE i = 10),
   '\x4201020202000000000000000000000004000000000000009a9999999999b93f190000000000000004000000000000000b00000000000000040000000000000023aa8a013e0000000000000008000000000000001d0000000000000005000000000000000a97c6295d887433'::bytea, true, 25, 11, '0.05903064226788422'::float8),
  (78, 'scalable 4 at 0.1 text 1..100',
   (WITH RECURSIVE r(i, b) AS (SELECT 0, bloom_empty(4, 0.1, true, 0) UNION ALL SELECT i + 1, bloom_add(b, (i + 1)::text) FROM r WHERE i < 100) SELECT b FROM r WHERE i = 100),
   '\x4201020205000000000000000000000004000000000000009a9999999999b93f190000000000000004000000000000000b00000000000000040000000000000023aa8a013e0000000000000008000000000000001d0000000000000005000000000000000a97c6295d88743392000000000000001000000000000000430000000000000006000000000000005d8c741205275c8945890fffa420ab167e630053010000000000002000000000000000a0000000000000000700000000000000aa46c512512c56e221949a52c7d77fed6241c524742c581dad996d09db41e46e6a5c84a2a07c724b76b40601030000000000004000000000000000030100000000000008000000000000007406440a304005858d08c2a8709cc5c4d7e1280b102090044c4ed0240c98661202d6c18284b00cf41009808afe07d5b8240c3c4908008000d2006200e91921ae1c919054002e000283b40603009458b7153412624450f4c9a2b0ec748225298600'::bytea, true, 25, 97, '0.0728359518161838'::float8),
  (79, 'fixed 20 at 0.01 text 1..15',
   (SELECT bloom_agg(x::text, 20, 0.01) FROM generate_series(1, 15) x),
   '\x4201020101000000000000000000000014000000000000007b14ae47e17a843fc000000000000000140000000000000054000000000000000700000000000000737718732181eab3241d70b01896442d2a23641582b23bf4'::bytea, true, 25, 16, '0.00306793674826622'::float8),
  (80, 'fixed 20 at 0.01 text 10..25',
   (SELECT bloom_agg(x::text, 20, 0.01) FROM generate_series(10, 25) x),
   '\x4201020101000000000000000000000014000000000000007b14ae47e17a843fc00000000000000014000000000000005500000000000000070000000000000059e318792624e0101c455894281dfc3f2620b2948bff3b0a'::bytea, true, 25, 16, '0.0033329122462458743'::float8),
  (81, 'scalable 10 at 0.01 bigint 3..9 (one layer)',
   (WITH RECURSIVE r(i, b) AS (SELECT 0, bloom_empty(10, 0.01, true, 0) UNION ALL SELECT i + 1, bloom_add(b, (i + 3)::bigint) FROM r WHERE i < 7) SELECT b FROM r WHERE i = 7),
   '\x420102020100000000000000000000000a000000000000007b14ae47e17a843f6f000000000000000a000000000000002b0000000000000008000000000000001c2a8232165001f5da088d714165'::bytea, true, 20, 7, '0.0005071819794488957'::float8),
  (82, 'blocked 100 at 0.01 bigint 50..150',
   (SELECT bloom_agg(x::bigint, 100, 0.01, 'blocked') FROM generate_series(50, 150) x),
   '\x4201020301000000000000000000000064000000000000007b14ae47e17a843f0004000000000000640000000000000005020000000000000700000000000000598d5b17540f893b15ad0c54e14df6dade545f2d38d4e61eac0dffcdee9017bc5aab5342f339107dd40c29ff0eec0d5589f5c5b04e7b8d7b44f85cc20db7e17553ca653fd31adbf8190e356b35ee812f2e8ae83e2483a41e32bab649ad4314b81a9a7049188fc83f1e411037a1d16e71e5003e83f6cf912e44f7e557c158d874'::bytea, true, 20, 103, '0.010160273025474906'::float8)
) v(n, vector, b, expected, cleared, kind, cardinality, fpr),
LATERAL (SELECT CASE WHEN cleared THEN pg_temp.without_kind(b::bytea) ELSE b::bytea END AS x) c
ORDER BY n;

-- bloom_union (section 4.8): OR layer by layer, the longer list of layers kept;
-- kinds joined (section 2.5).
SELECT n, vector, cleared,
       CASE WHEN octet_length(x) <= 400 THEN x ELSE sha256(x) END = expected AS same_bytes,
       pg_temp.kind_of(b::bytea) = kind AS same_kind,
       bloom_cardinality(b) = cardinality AS same_cardinality,
       abs(bloom_fpr(b) - fpr) <= 1e-12 * fpr AS same_fpr
FROM (VALUES
  (1, 'fixed 1000 at 0.001: bigint 1..1000 | empty',
   bloom_union((SELECT bloom_agg(x::bigint, 1000, 0.001) FROM generate_series(1, 1000) x), bloom_empty(1000, 0.001, false, 0)),
   '\x7ab8e91c20d5a735149c7599e7b9258989a63514b0848e11376518bc5cb7cee4'::bytea, true, 20, 1002, '0.0010124616022985477'::float8),
  (2, 'fixed 20 at 0.01: text | numeric',
   bloom_union((SELECT bloom_agg(x, 20, 0.01) FROM (VALUES (''::text), ('a'::text), ('abc'::text), ('abc '::text), ('héllo'::text), ('日本語'::text)) v(x)), (SELECT bloom_agg(x, 20, 0.01) FROM (VALUES ('1.50'::numeric), ('-0.001'::numeric), ('42.000'::numeric), ('9223372036854775808'::numeric), ('NaN'::numeric), ('-Infinity'::numeric)) v(x))),
   '\x4201020101000000000000000000000014000000000000007b14ae47e17a843fc00000000000000014000000000000004200000000000000070000000000000001a002643ee03c1c2c8ae336080b4620c8f94c2c01206082'::bytea, true, 65535, 12, '0.0005671513208653778'::float8),
  (3, 'fixed 20 at 0.01: bytea | uuid',
   bloom_union((SELECT bloom_agg(x, 20, 0.01) FROM (VALUES ('\x'::bytea), ('\x00'::bytea), ('\x616263'::bytea), ('\xdeadbeef'::bytea)) v(x)), (SELECT bloom_agg(x, 20, 0.01) FROM (VALUES ('a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid), ('00000000-0000-0000-0000-000000000000'::uuid)) v(x))),
   '\x4201020101000000000000000000000014000000000000007b14ae47e17a843fc00000000000000014000000000000002500000000000000070000000000000000204100428218322108408c040916004080d91840010040'::bytea, true, 65535, 6, '9.869688989691602e-06'::float8),
  (4, 'scalable 4 at 0.1: 1..40 | 1..40',
   bloom_union((WITH RECURSIVE r(i, b) AS (SELECT 0, bloom_empty(4, 0.1, true, 0) UNION ALL SELECT i + 1, bloom_add(b, (i + 1)::bigint) FROM r WHERE i < 40) SELECT b FROM r WHERE i = 40), (WITH RECURSIVE r(i, b) AS (SELECT 0, bloom_empty(4, 0.1, true, 0) UNION ALL SELECT i + 1, bloom_add(b, (i + 1)::bigint) FROM r WHERE i < 40) SELECT b FROM r WHERE i = 40)),
   '\x4201020204000000000000000000000004000000000000009a9999999999b93f190000000000000004000000000000000b000000000000000400000000000000d8a521013e0000000000000008000000000000001e000000000000000500000000000000ce1420cdfdec832892000000000000001000000000000000470000000000000006000000000000002e0f251bcb802d53cc5ef2472152dcbace1700530100000000000020000000000000002700000000000000070000000000000008040001000800800403002806021418004002008000200008080880102020002400204000006070040001'::bytea, true, 20, 34, '0.07540431812631289'::float8),
  (5, 'scalable 10 at 0.01: one layer | empty',
   bloom_union((WITH RECURSIVE r(i, b) AS (SELECT 0, bloom_empty(10, 0.01, true, 0) UNION ALL SELECT i + 1, bloom_add(b, (i + 1)::bigint) FROM r WHERE i < 5) SELECT b FROM r WHERE i = 5), bloom_empty(10, 0.01, true, 0)),
   '\x420102020100000000000000000000000a000000000000007b14ae47e17a843f6f000000000000000a00000000000000230000000000000008000000000000001c4a143036280030f2028932410d'::bytea, true, 20, 5, '9.771483983536437e-05'::float8),
  (6, 'scalable 4 at 0.1: more layers | fewer',
   bloom_union((WITH RECURSIVE r(i, b) AS (SELECT 0, bloom_empty(4, 0.1, true, 0) UNION ALL SELECT i + 1, bloom_add(b, (i + 1)::bigint) FROM r WHERE i < 40) SELECT b FROM r WHERE i = 40), (WITH RECURSIVE r(i, b) AS (SELECT 0, bloom_empty(4, 0.1, true, 0) UNION ALL SELECT i + 1, bloom_add(b, (i + 1)::text) FROM r WHERE i < 10) SELECT b FROM r WHERE i = 10)),
   '\x4201020204000000000000000000000004000000000000009a9999999999b93f1900000000000000040000000000000013000000000000000400000000000000fbafab013e0000000000000008000000000000002d000000000000000500000000000000ce97e6edfdecf73b92000000000000001000000000000000470000000000000006000000000000002e0f251bcb802d53cc5ef2472152dcbace1700530100000000000020000000000000002700000000000000070000000000000008040001000800800403002806021418004002008000200008080880102020002400204000006070040001'::bytea, true, 65535, 47, '0.4748826433184841'::float8),
  (7, 'scalable 4 at 0.1: fewer layers | more',
   bloom_union((WITH RECURSIVE r(i, b) AS (SELECT 0, bloom_empty(4, 0.1, true, 0) UNION ALL SELECT i + 1, bloom_add(b, (i + 1)::text) FROM r WHERE i < 10) SELECT b FROM r WHERE i = 10), (WITH RECURSIVE r(i, b) AS (SELECT 0, bloom_empty(4, 0.1, true, 0) UNION ALL SELECT i + 1, bloom_add(b, (i + 1)::bigint) FROM r WHERE i < 40) SELECT b FROM r WHERE i = 40)),
   '\x4201020204000000000000000000000004000000000000009a9999999999b93f1900000000000000040000000000000013000000000000000400000000000000fbafab013e0000000000000008000000000000002d000000000000000500000000000000ce97e6edfdecf73b92000000000000001000000000000000470000000000000006000000000000002e0f251bcb802d53cc5ef2472152dcbace1700530100000000000020000000000000002700000000000000070000000000000008040001000800800403002806021418004002008000200008080880102020002400204000006070040001'::bytea, true, 65535, 47, '0.4748826433184841'::float8),
  (8, 'scalable 4 at 0.1: bigint 1..40 | text 1..100',
   bloom_union((WITH RECURSIVE r(i, b) AS (SELECT 0, bloom_empty(4, 0.1, true, 0) UNION ALL SELECT i + 1, bloom_add(b, (i + 1)::bigint) FROM r WHERE i < 40) SELECT b FROM r WHERE i = 40), (WITH RECURSIVE r(i, b) AS (SELECT 0, bloom_empty(4, 0.1, true, 0) UNION ALL SELECT i + 1, bloom_add(b, (i + 1)::text) FROM r WHERE i < 100) SELECT b FROM r WHERE i = 100)),
   '\x4201020205000000000000000000000004000000000000009a9999999999b93f1900000000000000040000000000000013000000000000000400000000000000fbafab013e0000000000000008000000000000002d000000000000000500000000000000ce97e6edfdecf73b920000000000000010000000000000006b0000000000000006000000000000007f8f751bcfa77ddbcddfffffa572ffbefe770053010000000000002000000000000000b2000000000000000700000000000000aa46c513512c56e225979a7ac7d77ffd6241c724f42c781dad996d89db61e46e6e5ca4e2a07c727b76b40701030000000000004000000000000000030100000000000008000000000000007406440a304005858d08c2a8709cc5c4d7e1280b102090044c4ed0240c98661202d6c18284b00cf41009808afe07d5b8240c3c4908008000d2006200e91921ae1c919054002e000283b40603009458b7153412624450f4c9a2b0ec748225298600'::bytea, true, 65535, 133, '0.5553225751456625'::float8),
  (9, 'fixed 20 at 0.01: text 1..15 | text 10..25',
   bloom_union((SELECT bloom_agg(x::text, 20, 0.01) FROM generate_series(1, 15) x), (SELECT bloom_agg(x::text, 20, 0.01) FROM generate_series(10, 25) x)),
   '\x4201020101000000000000000000000014000000000000007b14ae47e17a843fc0000000000000001400000000000000760000000000000007000000000000007bf7187b27a5eab33c5d78b4389ffc3f2e23f6958bff3bfe'::bytea, true, 25, 26, '0.03311810282582112'::float8),
  (10, 'blocked 100 at 0.01: 1..100 | 50..150',
   bloom_union((SELECT bloom_agg(x::bigint, 100, 0.01, 'blocked') FROM generate_series(1, 100) x), (SELECT bloom_agg(x::bigint, 100, 0.01, 'blocked') FROM generate_series(50, 150) x)),
   '\x4201020301000000000000000000000064000000000000007b14ae47e17a843f00040000000000006400000000000000930200000000000007000000000000005bcd5b37d41f8d3b35bd6d56f94ff6fbde747f2f3ad6e79ebc0dffcfeffa57be5bbb5342f73d92fddc3cabff3eec8f5789f7c7bc4f7b8f7f44f97ec31db7e97d5bcb657fd71adff9196f37fb3dfe932f2ebae87e74a3f69e3abfb64dafc377f81ebf756918dfe83f1fe350bfb5d17f7de5403ea3f7cf9b2e54f7fdf7d3ddde76'::bytea, true, 20, 151, '0.050546017765692494'::float8),
  (11, 'v2 fixed 50 at 0.01: double precision | numeric',
   bloom_union((SELECT bloom_agg(x, 50, 0.01) FROM (VALUES ('0.5'::double precision), ('19.99'::double precision), ('-0'::double precision), ('42'::double precision), ('NaN'::double precision), ('1e+300'::double precision), ('-Infinity'::double precision)) v(x)), (SELECT bloom_agg(x, 50, 0.01) FROM (VALUES ('0.5'::numeric), ('42.000'::numeric), ('-1e20'::numeric), ('NaN'::numeric)) v(x))),
   '\x420202010100ffff000000000000000032000000000000007b14ae47e17a843fe001000000000000320000000000000040000000000000000700000000000000800428028010008000100008088010800c00421200810040449619000045200109100134000004000280210000004020001011128000210052008020'::bytea, false, 65535, 10, '7.491540923639689e-07'::float8),
  (12, 'v2 fixed 50 at 0.01: kind-free | bigint',
   bloom_union((WITH RECURSIVE r(i, b) AS (SELECT 0, bloom_empty(50, 0.01, false, 0) UNION ALL SELECT i + 1, CASE WHEN i = 0 THEN set_byte(set_byte(set_byte((bloom_add(b, (i + 1)::bigint))::bytea, 1, 1), 6, 0), 7, 0)::bloom ELSE bloom_add(b, (i + 1)::bigint) END FROM r WHERE i < 30) SELECT b FROM r WHERE i = 30), (SELECT bloom_agg(x::bigint, 50, 0.01) FROM generate_series(1, 40) x)),
   '\x4202020101001400000000000000000032000000000000007b14ae47e17a843fe0010000000000003200000000000000d9000000000000000700000000000000b2fba8384744329a60400df6c013b0d20d8c6766a78203b94023092201370d5127fe3a7ffbaf34f1c885292e282e03ea6562f914924bc3b867bd001b'::bytea, false, 20, 41, '0.003859486048102637'::float8),
  (13, 'v2 fixed 50 at 0.01: text | kind-free',
   bloom_union((SELECT bloom_agg(x, 50, 0.01) FROM (VALUES (''::text), ('abc'::text), ('héllo'::text)) v(x)), (WITH RECURSIVE r(i, b) AS (SELECT 0, bloom_empty(50, 0.01, false, 0) UNION ALL SELECT i + 1, CASE WHEN i = 0 THEN set_byte(set_byte(set_byte((bloom_add(b, (i + 1)::bigint))::bytea, 1, 1), 6, 0), 7, 0)::bloom ELSE bloom_add(b, (i + 1)::bigint) END FROM r WHERE i < 30) SELECT b FROM r WHERE i = 30)),
   '\x4202020101001900000000000000000032000000000000007b14ae47e17a843fe0010000000000003200000000000000c000000000000000070000000000000092fb8830474c329a60401db28002b09201804767874202b9c023c82205070d5136fc2a7fdaaf34e1888529aca80e01eb6562d91492490338e5bc001a'::bytea, false, 25, 35, '0.0016384000000000006'::float8),
  (14, 'v2 blocked 50 at 0.01: enum (kind of its own) | zero rows',
   bloom_union((SELECT bloom_agg(x, 50, 0.01, 'blocked') FROM (VALUES ('sad'::vector_mood), ('happy'::vector_mood)) v(x)), (SELECT bloom_agg(x, 50, 0.01, 'blocked') FROM (VALUES (NULL::vector_mood)) v(x) WHERE x IS NOT NULL)),
   '\x420202030100bc43000000000000000032000000000000007b14ae47e17a843f000200000000000032000000000000000d00000000000000070000000000000000000000000000000200000000000000a00000000001000000000800400080000000000000000040000000000008020000000400000000000000100000100000'::bytea, false, 17340, 2, '7.752081553155077e-10'::float8),
  (15, 'v2 scalable 4 at 0.1: numeric | date',
   bloom_union((WITH RECURSIVE r(i, b) AS (SELECT 0, bloom_empty(4, 0.1, true, 0) UNION ALL SELECT i + 1, bloom_add(b, (i + 1)::numeric) FROM r WHERE i < 40) SELECT b FROM r WHERE i = 40), bloom_add(bloom_add(bloom_add(bloom_empty(4, 0.1, true, 0), '2024-01-01'::date), '2024-01-02'::date), '2024-01-03'::date)),
   '\x420202020400ffff000000000000000004000000000000009a9999999999b93f1900000000000000040000000000000010000000000000000400000000000000dcb573013e0000000000000008000000000000001e000000000000000500000000000000ce1420cdfdec832892000000000000001000000000000000470000000000000006000000000000002e0f251bcb802d53cc5ef2472152dcbace1700530100000000000020000000000000002700000000000000070000000000000008040001000800800403002806021418004002008000200008080880102020002400204000006070040001'::bytea, false, 65535, 37, '0.20056203023364008'::float8)
) v(n, vector, b, expected, cleared, kind, cardinality, fpr),
LATERAL (SELECT CASE WHEN cleared THEN pg_temp.without_kind(b::bytea) ELSE b::bytea END AS x) c
ORDER BY n;

-- bloom_intersect (section 4.8): AND, for filters of one layer; the kind that
-- is not 0, none when no bit is left (section 2.5).
SELECT n, vector, cleared,
       CASE WHEN octet_length(x) <= 400 THEN x ELSE sha256(x) END = expected AS same_bytes,
       pg_temp.kind_of(b::bytea) = kind AS same_kind,
       bloom_cardinality(b) = cardinality AS same_cardinality,
       abs(bloom_fpr(b) - fpr) <= 1e-12 * fpr AS same_fpr
FROM (VALUES
  (1, 'fixed 20 at 0.01: text 1..15 & text 10..25',
   bloom_intersect((SELECT bloom_agg(x::text, 20, 0.01) FROM generate_series(1, 15) x), (SELECT bloom_agg(x::text, 20, 0.01) FROM generate_series(10, 25) x)),
   '\x4201020101000000000000000000000014000000000000007b14ae47e17a843fc000000000000000140000000000000033000000000000000700000000000000516318712000e010040550900814442d2220201482b23b00'::bytea, true, 25, 8, '9.330021225650853e-05'::float8),
  (2, 'fixed 20 at 0.01: text & numeric',
   bloom_intersect(set_byte(set_byte(set_byte(((SELECT bloom_agg(x, 20, 0.01) FROM (VALUES (''::text), ('a'::text), ('abc'::text), ('abc '::text), ('héllo'::text), ('日本語'::text)) v(x)))::bytea, 1, 1), 6, 0), 7, 0)::bloom, set_byte(set_byte(set_byte(((SELECT bloom_agg(x, 20, 0.01) FROM (VALUES ('1.50'::numeric), ('-0.001'::numeric), ('42.000'::numeric), ('9223372036854775808'::numeric), ('NaN'::numeric), ('-Infinity'::numeric)) v(x)))::bytea, 1, 1), 6, 0), 7, 0)::bloom),
   '\x4201020101000000000000000000000014000000000000007b14ae47e17a843fc000000000000000140000000000000009000000000000000700000000000000010002400000200400082020000000004000000000000000'::bytea, false, 0, 1, '4.972662281943485e-10'::float8),
  (3, 'scalable 10 at 0.01: one layer & one layer',
   bloom_intersect((WITH RECURSIVE r(i, b) AS (SELECT 0, bloom_empty(10, 0.01, true, 0) UNION ALL SELECT i + 1, bloom_add(b, (i + 1)::bigint) FROM r WHERE i < 5) SELECT b FROM r WHERE i = 5), (WITH RECURSIVE r(i, b) AS (SELECT 0, bloom_empty(10, 0.01, true, 0) UNION ALL SELECT i + 1, bloom_add(b, (i + 3)::bigint) FROM r WHERE i < 7) SELECT b FROM r WHERE i = 7)),
   '\x420102020100000000000000000000000a000000000000007b14ae47e17a843f6f000000000000000a00000000000000190000000000000008000000000000001c0a003016000030d20089304105'::bytea, true, 20, 4, '6.621192875641191e-06'::float8),
  (4, 'blocked 100 at 0.01: 1..100 & 50..150',
   bloom_intersect((SELECT bloom_agg(x::bigint, 100, 0.01, 'blocked') FROM generate_series(1, 100) x), (SELECT bloom_agg(x::bigint, 100, 0.01, 'blocked') FROM generate_series(50, 150) x)),
   '\x4201020301000000000000000000000064000000000000007b14ae47e17a843f0004000000000000640000000000000068010000000000000700000000000000498c1116100f8939152d0844e049d4ca0e44072c3090a61eac0d7ecd2e1003a81a834342b3290055d40421be026c011588d5c5b00e5b845b44c814c20cb3a071538a451ac30a9240190c156b1148802f0e82e0382482a000129a9649ad4000b8129a4049108580370601103220514e7141001c03a6c411244057e55441088074'::bytea, true, 20, 63, '0.0009830374017489193'::float8),
  (5, 'v2 fixed 1000 at 0.01: bigint 1 & bigint 2, no bit left (no kind)',
   bloom_intersect((SELECT bloom_agg(x, 1000, 0.01) FROM (VALUES ('1'::bigint)) v(x)), (SELECT bloom_agg(x, 1000, 0.01) FROM (VALUES ('2'::bigint)) v(x))),
   '\xe0bb15f9937972776acac3447a22530d479ee2fface62536c448b81683bfd8c7'::bytea, false, 0, 0, '0'::float8),
  (6, 'v2 fixed 50 at 0.01: bigint & kind-free',
   bloom_intersect((SELECT bloom_agg(x::bigint, 50, 0.01) FROM generate_series(1, 40) x), (WITH RECURSIVE r(i, b) AS (SELECT 0, bloom_empty(50, 0.01, false, 0) UNION ALL SELECT i + 1, CASE WHEN i = 0 THEN set_byte(set_byte(set_byte((bloom_add(b, (i + 1)::bigint))::bytea, 1, 1), 6, 0), 7, 0)::bloom ELSE bloom_add(b, (i + 1)::bigint) END FROM r WHERE i < 30) SELECT b FROM r WHERE i = 30)),
   '\x4202020101001400000000000000000032000000000000007b14ae47e17a843fe0010000000000003200000000000000b100000000000000070000000000000092fb88304544329a60400db28002b09201804766870202b94023082201070d5126dc2a7fdaaf34e18885292c280e01ea6562d9149249033865bc001a'::bytea, false, 20, 32, '0.0009270949232649062'::float8)
) v(n, vector, b, expected, cleared, kind, cardinality, fpr),
LATERAL (SELECT CASE WHEN cleared THEN pg_temp.without_kind(b::bytea) ELSE b::bytea END AS x) c
ORDER BY n;

-- Refused (section 2.5): containment and intersection of filters of different kinds.
SELECT n, vector, pg_temp.answer_of(q) = expected AS same_sqlstate
FROM (VALUES
  (1, 'bloom_intersect of text and numeric',
   'SELECT bloom_intersect((SELECT bloom_agg(x, 20, 0.01) FROM (VALUES (''''::text), (''a''::text), (''abc''::text), (''abc ''::text), (''héllo''::text), (''日本語''::text)) v(x)), (SELECT bloom_agg(x, 20, 0.01) FROM (VALUES (''1.50''::numeric), (''-0.001''::numeric), (''42.000''::numeric), (''9223372036854775808''::numeric), (''NaN''::numeric), (''-Infinity''::numeric)) v(x)))', '22023'),
  (2, 'text @> numeric',
   'SELECT (SELECT bloom_agg(x, 20, 0.01) FROM (VALUES (''''::text), (''a''::text), (''abc''::text), (''abc ''::text), (''héllo''::text), (''日本語''::text)) v(x)) @> (SELECT bloom_agg(x, 20, 0.01) FROM (VALUES (''1.50''::numeric), (''-0.001''::numeric), (''42.000''::numeric), (''9223372036854775808''::numeric), (''NaN''::numeric), (''-Infinity''::numeric)) v(x))', '22023'),
  (3, 'double precision <@ numeric',
   'SELECT (SELECT bloom_agg(x, 50, 0.01) FROM (VALUES (''0.5''::double precision), (''19.99''::double precision), (''-0''::double precision), (''42''::double precision), (''NaN''::double precision), (''1e+300''::double precision), (''-Infinity''::double precision)) v(x)) <@ (SELECT bloom_agg(x, 50, 0.01) FROM (VALUES (''0.5''::numeric), (''42.000''::numeric), (''-1e20''::numeric), (''NaN''::numeric)) v(x))', '22023'),
  (4, 'mixed @> double precision',
   'SELECT bloom_union((SELECT bloom_agg(x, 50, 0.01) FROM (VALUES (''0.5''::double precision), (''19.99''::double precision), (''-0''::double precision), (''42''::double precision), (''NaN''::double precision), (''1e+300''::double precision), (''-Infinity''::double precision)) v(x)), (SELECT bloom_agg(x, 50, 0.01) FROM (VALUES (''0.5''::numeric), (''42.000''::numeric), (''-1e20''::numeric), (''NaN''::numeric)) v(x))) @> (SELECT bloom_agg(x, 50, 0.01) FROM (VALUES (''0.5''::double precision), (''19.99''::double precision), (''-0''::double precision), (''42''::double precision), (''NaN''::double precision), (''1e+300''::double precision), (''-Infinity''::double precision)) v(x))', '22023'),
  (5, 'bloom_add of 2.5 to bigint',
   'SELECT bloom_add((SELECT bloom_agg(x::bigint, 50, 0.01) FROM generate_series(1, 40) x), 2.5::float8)', '42804'),
  (6, 'bloom_add of a non-midnight timestamp to date',
   'SELECT bloom_add((SELECT bloom_agg(x, 50, 0.01) FROM (VALUES (''2024-01-01''::date), (''1999-12-31''::date), (''infinity''::date)) v(x)), ''2024-01-02 00:00:01''::timestamp)', '42804')
) v(n, vector, q, expected)
ORDER BY n;

-- Probes by values of other types (section 2.5): converted as = converts them
-- (found where = finds the value among those added), or refused with a SQLSTATE.
SELECT n, vector, pg_temp.answer_of(q) = expected AS same_answer
FROM (VALUES
  (1, 'v2 fixed 50 at 0.01 double precision: numeric 0.5',
   'SELECT bloom_contains((SELECT bloom_agg(x, 50, 0.01) FROM (VALUES (''0.5''::double precision), (''19.99''::double precision), (''-0''::double precision), (''42''::double precision), (''NaN''::double precision), (''1e+300''::double precision), (''-Infinity''::double precision)) v(x)), ''0.5''::numeric)', 'true'),
  (2, 'v2 fixed 50 at 0.01 double precision: numeric 19.99',
   'SELECT bloom_contains((SELECT bloom_agg(x, 50, 0.01) FROM (VALUES (''0.5''::double precision), (''19.99''::double precision), (''-0''::double precision), (''42''::double precision), (''NaN''::double precision), (''1e+300''::double precision), (''-Infinity''::double precision)) v(x)), ''19.99''::numeric)', 'true'),
  (3, 'v2 fixed 50 at 0.01 double precision: integer 42',
   'SELECT bloom_contains((SELECT bloom_agg(x, 50, 0.01) FROM (VALUES (''0.5''::double precision), (''19.99''::double precision), (''-0''::double precision), (''42''::double precision), (''NaN''::double precision), (''1e+300''::double precision), (''-Infinity''::double precision)) v(x)), ''42''::integer)', 'true'),
  (4, 'v2 fixed 50 at 0.01 double precision: bigint -0',
   'SELECT bloom_contains((SELECT bloom_agg(x, 50, 0.01) FROM (VALUES (''0.5''::double precision), (''19.99''::double precision), (''-0''::double precision), (''42''::double precision), (''NaN''::double precision), (''1e+300''::double precision), (''-Infinity''::double precision)) v(x)), ''-0''::bigint)', 'true'),
  (5, 'v2 fixed 50 at 0.01 double precision: numeric NaN',
   'SELECT bloom_contains((SELECT bloom_agg(x, 50, 0.01) FROM (VALUES (''0.5''::double precision), (''19.99''::double precision), (''-0''::double precision), (''42''::double precision), (''NaN''::double precision), (''1e+300''::double precision), (''-Infinity''::double precision)) v(x)), ''NaN''::numeric)', 'true'),
  (6, 'v2 fixed 50 at 0.01 double precision: numeric 1e300',
   'SELECT bloom_contains((SELECT bloom_agg(x, 50, 0.01) FROM (VALUES (''0.5''::double precision), (''19.99''::double precision), (''-0''::double precision), (''42''::double precision), (''NaN''::double precision), (''1e+300''::double precision), (''-Infinity''::double precision)) v(x)), ''1e300''::numeric)', 'true'),
  (7, 'v2 fixed 50 at 0.01 double precision: real 0.5',
   'SELECT bloom_contains((SELECT bloom_agg(x, 50, 0.01) FROM (VALUES (''0.5''::double precision), (''19.99''::double precision), (''-0''::double precision), (''42''::double precision), (''NaN''::double precision), (''1e+300''::double precision), (''-Infinity''::double precision)) v(x)), ''0.5''::real)', 'true'),
  (8, 'v2 fixed 50 at 0.01 double precision: real 19.99',
   'SELECT bloom_contains((SELECT bloom_agg(x, 50, 0.01) FROM (VALUES (''0.5''::double precision), (''19.99''::double precision), (''-0''::double precision), (''42''::double precision), (''NaN''::double precision), (''1e+300''::double precision), (''-Infinity''::double precision)) v(x)), ''19.99''::real)', 'false'),
  (9, 'v2 fixed 50 at 0.01 double precision: numeric 0.25',
   'SELECT bloom_contains((SELECT bloom_agg(x, 50, 0.01) FROM (VALUES (''0.5''::double precision), (''19.99''::double precision), (''-0''::double precision), (''42''::double precision), (''NaN''::double precision), (''1e+300''::double precision), (''-Infinity''::double precision)) v(x)), ''0.25''::numeric)', 'false'),
  (10, 'v2 fixed 50 at 0.01 double precision: numeric 1e400',
   'SELECT bloom_contains((SELECT bloom_agg(x, 50, 0.01) FROM (VALUES (''0.5''::double precision), (''19.99''::double precision), (''-0''::double precision), (''42''::double precision), (''NaN''::double precision), (''1e+300''::double precision), (''-Infinity''::double precision)) v(x)), ''1e400''::numeric)', '22003'),
  (11, 'v2 fixed 50 at 0.01 double precision: text 0.5',
   'SELECT bloom_contains((SELECT bloom_agg(x, 50, 0.01) FROM (VALUES (''0.5''::double precision), (''19.99''::double precision), (''-0''::double precision), (''42''::double precision), (''NaN''::double precision), (''1e+300''::double precision), (''-Infinity''::double precision)) v(x)), ''0.5''::text)', '42883'),
  (12, 'v2 fixed 50 at 0.01 bigint 1..40: double precision 7',
   'SELECT bloom_contains((SELECT bloom_agg(x::bigint, 50, 0.01) FROM generate_series(1, 40) x), ''7''::double precision)', 'true'),
  (13, 'v2 fixed 50 at 0.01 bigint 1..40: double precision 7.5',
   'SELECT bloom_contains((SELECT bloom_agg(x::bigint, 50, 0.01) FROM generate_series(1, 40) x), ''7.5''::double precision)', 'false'),
  (14, 'v2 fixed 50 at 0.01 bigint 1..40: numeric 8.000',
   'SELECT bloom_contains((SELECT bloom_agg(x::bigint, 50, 0.01) FROM generate_series(1, 40) x), ''8.000''::numeric)', 'true'),
  (15, 'v2 fixed 50 at 0.01 bigint 1..40: numeric 8.5',
   'SELECT bloom_contains((SELECT bloom_agg(x::bigint, 50, 0.01) FROM generate_series(1, 40) x), ''8.5''::numeric)', 'false'),
  (16, 'v2 fixed 50 at 0.01 bigint 1..40: smallint 9',
   'SELECT bloom_contains((SELECT bloom_agg(x::bigint, 50, 0.01) FROM generate_series(1, 40) x), ''9''::smallint)', 'true'),
  (17, 'v2 fixed 50 at 0.01 bigint 1..40: double precision 9007199254740991',
   'SELECT bloom_contains((SELECT bloom_agg(x::bigint, 50, 0.01) FROM generate_series(1, 40) x), ''9007199254740991''::double precision)', 'false'),
  (18, 'v2 fixed 50 at 0.01 bigint 1..40: double precision 1e17',
   'SELECT bloom_contains((SELECT bloom_agg(x::bigint, 50, 0.01) FROM generate_series(1, 40) x), ''1e17''::double precision)', '42804'),
  (19, 'v2 fixed 50 at 0.01 bigint 1..40: boolean true',
   'SELECT bloom_contains((SELECT bloom_agg(x::bigint, 50, 0.01) FROM generate_series(1, 40) x), ''true''::boolean)', '42883'),
  (20, 'v2 fixed 50 at 0.01 numeric: integer 42',
   'SELECT bloom_contains((SELECT bloom_agg(x, 50, 0.01) FROM (VALUES (''0.5''::numeric), (''42.000''::numeric), (''-1e20''::numeric), (''NaN''::numeric)) v(x)), ''42''::integer)', 'true'),
  (21, 'v2 fixed 50 at 0.01 numeric: double precision 0.5',
   'SELECT bloom_contains((SELECT bloom_agg(x, 50, 0.01) FROM (VALUES (''0.5''::numeric), (''42.000''::numeric), (''-1e20''::numeric), (''NaN''::numeric)) v(x)), ''0.5''::double precision)', '42804'),
  (22, 'v2 fixed 50 at 0.01 date: timestamp 2024-01-01 00:00:00',
   'SELECT bloom_contains((SELECT bloom_agg(x, 50, 0.01) FROM (VALUES (''2024-01-01''::date), (''1999-12-31''::date), (''infinity''::date)) v(x)), ''2024-01-01 00:00:00''::timestamp)', 'true'),
  (23, 'v2 fixed 50 at 0.01 date: timestamp 2024-01-01 00:00:01',
   'SELECT bloom_contains((SELECT bloom_agg(x, 50, 0.01) FROM (VALUES (''2024-01-01''::date), (''1999-12-31''::date), (''infinity''::date)) v(x)), ''2024-01-01 00:00:01''::timestamp)', 'false'),
  (24, 'v2 fixed 50 at 0.01 date: timestamp infinity',
   'SELECT bloom_contains((SELECT bloom_agg(x, 50, 0.01) FROM (VALUES (''2024-01-01''::date), (''1999-12-31''::date), (''infinity''::date)) v(x)), ''infinity''::timestamp)', 'true'),
  (25, 'v2 fixed 50 at 0.01 date: timestamptz 2024-01-01 00:00:00+00',
   'SELECT bloom_contains((SELECT bloom_agg(x, 50, 0.01) FROM (VALUES (''2024-01-01''::date), (''1999-12-31''::date), (''infinity''::date)) v(x)), ''2024-01-01 00:00:00+00''::timestamptz)', '42804'),
  (26, 'v2 fixed 50 at 0.01 timestamp: date 2024-01-01',
   'SELECT bloom_contains((SELECT bloom_agg(x, 50, 0.01) FROM (VALUES (''2024-01-01 00:00:00''::timestamp), (''2024-01-01 12:00:00.5''::timestamp), (''-infinity''::timestamp)) v(x)), ''2024-01-01''::date)', 'true'),
  (27, 'v2 fixed 50 at 0.01 timestamp: date -infinity',
   'SELECT bloom_contains((SELECT bloom_agg(x, 50, 0.01) FROM (VALUES (''2024-01-01 00:00:00''::timestamp), (''2024-01-01 12:00:00.5''::timestamp), (''-infinity''::timestamp)) v(x)), ''-infinity''::date)', 'true'),
  (28, 'v2 fixed 50 at 0.01 timestamp: date 2024-01-02',
   'SELECT bloom_contains((SELECT bloom_agg(x, 50, 0.01) FROM (VALUES (''2024-01-01 00:00:00''::timestamp), (''2024-01-01 12:00:00.5''::timestamp), (''-infinity''::timestamp)) v(x)), ''2024-01-02''::date)', 'false'),
  (29, 'v2 fixed 50 at 0.01 text: varchar abc',
   'SELECT bloom_contains((SELECT bloom_agg(x, 50, 0.01) FROM (VALUES (''''::text), (''abc''::text), (''héllo''::text)) v(x)), ''abc''::varchar)', 'true'),
  (30, 'v2 fixed 50 at 0.01 text: char(5) abc',
   'SELECT bloom_contains((SELECT bloom_agg(x, 50, 0.01) FROM (VALUES (''''::text), (''abc''::text), (''héllo''::text)) v(x)), ''abc''::char(5))', 'true'),
  (31, 'v2 fixed 50 at 0.01 text: name héllo',
   'SELECT bloom_contains((SELECT bloom_agg(x, 50, 0.01) FROM (VALUES (''''::text), (''abc''::text), (''héllo''::text)) v(x)), ''héllo''::name)', 'true'),
  (32, 'v2 fixed 50 at 0.01 text: integer 1',
   'SELECT bloom_contains((SELECT bloom_agg(x, 50, 0.01) FROM (VALUES (''''::text), (''abc''::text), (''héllo''::text)) v(x)), ''1''::integer)', '42883'),
  (33, 'v2 fixed 50 at 0.01 enum (kind of its own): vector_mood ok',
   'SELECT bloom_contains((SELECT bloom_agg(x, 50, 0.01) FROM (VALUES (''ok''::vector_mood), (''happy''::vector_mood)) v(x)), ''ok''::vector_mood)', 'true'),
  (34, 'v2 fixed 50 at 0.01 enum (kind of its own): text ok',
   'SELECT bloom_contains((SELECT bloom_agg(x, 50, 0.01) FROM (VALUES (''ok''::vector_mood), (''happy''::vector_mood)) v(x)), ''ok''::text)', '42804'),
  (35, 'v2 fixed 50 at 0.01 integer[]: bigint[] {1,2,3}',
   'SELECT bloom_contains((SELECT bloom_agg(x, 50, 0.01) FROM (VALUES (''{1,2,3}''::integer[]), (''{}''::integer[]), (''{NULL,4}''::integer[])) v(x)), ''{1,2,3}''::bigint[])', 'true'),
  (36, 'v2 fixed 50 at 0.01 integer[]: smallint[] {NULL,4}',
   'SELECT bloom_contains((SELECT bloom_agg(x, 50, 0.01) FROM (VALUES (''{1,2,3}''::integer[]), (''{}''::integer[]), (''{NULL,4}''::integer[])) v(x)), ''{NULL,4}''::smallint[])', 'true'),
  (37, 'v2 fixed 50 at 0.01 integer[]: numeric[] {1,2,3}',
   'SELECT bloom_contains((SELECT bloom_agg(x, 50, 0.01) FROM (VALUES (''{1,2,3}''::integer[]), (''{}''::integer[]), (''{NULL,4}''::integer[])) v(x)), ''{1,2,3}''::numeric[])', '42883'),
  (38, 'v2 fixed 50 at 0.01: double precision | numeric: double precision 0.5',
   'SELECT bloom_contains(bloom_union((SELECT bloom_agg(x, 50, 0.01) FROM (VALUES (''0.5''::double precision), (''19.99''::double precision), (''-0''::double precision), (''42''::double precision), (''NaN''::double precision), (''1e+300''::double precision), (''-Infinity''::double precision)) v(x)), (SELECT bloom_agg(x, 50, 0.01) FROM (VALUES (''0.5''::numeric), (''42.000''::numeric), (''-1e20''::numeric), (''NaN''::numeric)) v(x))), ''0.5''::double precision)', '42804'),
  (39, 'v2 blocked 50 at 0.05 text 1..60: varchar 42',
   'SELECT bloom_contains((SELECT bloom_agg(x::text, 50, 0.05, ''blocked'') FROM generate_series(1, 60) x), ''42''::varchar)', 'true'),
  (40, 'v2 scalable 4 at 0.1 numeric 1..40: integer 40',
   'SELECT bloom_contains((WITH RECURSIVE r(i, b) AS (SELECT 0, bloom_empty(4, 0.1, true, 0) UNION ALL SELECT i + 1, bloom_add(b, (i + 1)::numeric) FROM r WHERE i < 40) SELECT b FROM r WHERE i = 40), ''40''::integer)', 'true'),
  (41, 'v2 scalable 4 at 0.1 numeric 1..40: real 40',
   'SELECT bloom_contains((WITH RECURSIVE r(i, b) AS (SELECT 0, bloom_empty(4, 0.1, true, 0) UNION ALL SELECT i + 1, bloom_add(b, (i + 1)::numeric) FROM r WHERE i < 40) SELECT b FROM r WHERE i = 40), ''40''::real)', '42804')
) v(n, vector, q, expected)
ORDER BY n;

-- Membership (section 4.5): every added value is found, and exactly these
-- absent values are false positives (compared by the MD5 of their list).
SELECT 1 AS n, 'fixed bloom_agg(x) bigint 1..3' AS vector,
       count(*) FILTER (WHERE x <= 3 AND NOT b @> x::bigint) = 0 AS no_false_negatives,
       md5(coalesce(string_agg(x::text, ' ' ORDER BY x) FILTER (WHERE x > 3 AND b @> x::bigint), ''))
         = 'a6e1db212f397ece8965808fe783558a' AS same_false_positives
FROM (SELECT (SELECT bloom_agg(x::bigint) FROM generate_series(1, 3) x) AS b) s, generate_series(1, 3003) x
UNION ALL
SELECT 2 AS n, 'fixed bloom_agg(x, 0.001) text 1..200' AS vector,
       count(*) FILTER (WHERE x <= 200 AND NOT b @> x::text) = 0 AS no_false_negatives,
       md5(coalesce(string_agg(x::text, ' ' ORDER BY x) FILTER (WHERE x > 200 AND b @> x::text), ''))
         = 'f6279815bdfa4ca248d6a9ab90f7928b' AS same_false_positives
FROM (SELECT (SELECT bloom_agg(x::text, 0.001) FROM generate_series(1, 200) x) AS b) s, generate_series(1, 3200) x
UNION ALL
SELECT 3 AS n, 'fixed 100 at 0.01 bigint 1..100' AS vector,
       count(*) FILTER (WHERE x <= 100 AND NOT b @> x::bigint) = 0 AS no_false_negatives,
       md5(coalesce(string_agg(x::text, ' ' ORDER BY x) FILTER (WHERE x > 100 AND b @> x::bigint), ''))
         = '3084f3fc357197d518271342c1a07f05' AS same_false_positives
FROM (SELECT (SELECT bloom_agg(x::bigint, 100, 0.01) FROM generate_series(1, 100) x) AS b) s, generate_series(1, 3100) x
UNION ALL
SELECT 4 AS n, 'fixed 1000 at 0.001 bigint 1..1000' AS vector,
       count(*) FILTER (WHERE x <= 1000 AND NOT b @> x::bigint) = 0 AS no_false_negatives,
       md5(coalesce(string_agg(x::text, ' ' ORDER BY x) FILTER (WHERE x > 1000 AND b @> x::bigint), ''))
         = '795cf4222d99e5aa64edb5ea6701b624' AS same_false_positives
FROM (SELECT (SELECT bloom_agg(x::bigint, 1000, 0.001) FROM generate_series(1, 1000) x) AS b) s, generate_series(1, 4000) x
UNION ALL
SELECT 5 AS n, 'fixed 1000 at 0.05 text 1..500' AS vector,
       count(*) FILTER (WHERE x <= 500 AND NOT b @> x::text) = 0 AS no_false_negatives,
       md5(coalesce(string_agg(x::text, ' ' ORDER BY x) FILTER (WHERE x > 500 AND b @> x::text), ''))
         = '8c21bcb756d6d52e1ccd5d8d1df728d3' AS same_false_positives
FROM (SELECT (SELECT bloom_agg(x::text, 1000, 0.05) FROM generate_series(1, 500) x) AS b) s, generate_series(1, 3500) x
UNION ALL
SELECT 6 AS n, 'fixed 100 at 0.1 overfilled with bigint 1..2000' AS vector,
       count(*) FILTER (WHERE x <= 2000 AND NOT b @> x::bigint) = 0 AS no_false_negatives,
       md5(coalesce(string_agg(x::text, ' ' ORDER BY x) FILTER (WHERE x > 2000 AND b @> x::bigint), ''))
         = 'ae6ae012eb4dbc154f6c0cfdae61c69e' AS same_false_positives
FROM (SELECT (SELECT bloom_agg(x::bigint, 100, 0.1) FROM generate_series(1, 2000) x) AS b) s, generate_series(1, 5000) x
UNION ALL
SELECT 7 AS n, 'fixed 1 at 0.5 bigint 1..3' AS vector,
       count(*) FILTER (WHERE x <= 3 AND NOT b @> x::bigint) = 0 AS no_false_negatives,
       md5(coalesce(string_agg(x::text, ' ' ORDER BY x) FILTER (WHERE x > 3 AND b @> x::bigint), ''))
         = '723b3dde557d88e104652a5874054650' AS same_false_positives
FROM (SELECT (SELECT bloom_agg(x::bigint, 1, 0.5) FROM generate_series(1, 3) x) AS b) s, generate_series(1, 3003) x
UNION ALL
SELECT 8 AS n, 'fixed 50 at 1e-09 bigint 1..50' AS vector,
       count(*) FILTER (WHERE x <= 50 AND NOT b @> x::bigint) = 0 AS no_false_negatives,
       md5(coalesce(string_agg(x::text, ' ' ORDER BY x) FILTER (WHERE x > 50 AND b @> x::bigint), ''))
         = 'd41d8cd98f00b204e9800998ecf8427e' AS same_false_positives
FROM (SELECT (SELECT bloom_agg(x::bigint, 50, 1e-09) FROM generate_series(1, 50) x) AS b) s, generate_series(1, 3050) x
UNION ALL
SELECT 9 AS n, 'fixed 100000 at 0.01 bigint 1..100000' AS vector,
       count(*) FILTER (WHERE x <= 100000 AND NOT b @> x::bigint) = 0 AS no_false_negatives,
       md5(coalesce(string_agg(x::text, ' ' ORDER BY x) FILTER (WHERE x > 100000 AND b @> x::bigint), ''))
         = '48e65b2b23186389e30e42f200919627' AS same_false_positives
FROM (SELECT (SELECT bloom_agg(x::bigint, 100000, 0.01) FROM generate_series(1, 100000) x) AS b) s, generate_series(1, 103000) x
UNION ALL
SELECT 10 AS n, 'fixed 300 at 0.02 seed -1 bloom_add bigint 1..300' AS vector,
       count(*) FILTER (WHERE x <= 300 AND NOT b @> x::bigint) = 0 AS no_false_negatives,
       md5(coalesce(string_agg(x::text, ' ' ORDER BY x) FILTER (WHERE x > 300 AND b @> x::bigint), ''))
         = '39cf3c215b9207c2d0c4c81034cd331d' AS same_false_positives
FROM (SELECT (WITH RECURSIVE r(i, b) AS (SELECT 0, bloom_empty(300, 0.02, false, -1) UNION ALL SELECT i + 1, bloom_add(b, (i + 1)::bigint) FROM r WHERE i < 300) SELECT b FROM r WHERE i = 300) AS b) s, generate_series(1, 3300) x
UNION ALL
SELECT 11 AS n, 'scalable 10 at 0.01 bigint 1..5 (one layer)' AS vector,
       count(*) FILTER (WHERE x <= 5 AND NOT b @> x::bigint) = 0 AS no_false_negatives,
       md5(coalesce(string_agg(x::text, ' ' ORDER BY x) FILTER (WHERE x > 5 AND b @> x::bigint), ''))
         = 'd41d8cd98f00b204e9800998ecf8427e' AS same_false_positives
FROM (SELECT (WITH RECURSIVE r(i, b) AS (SELECT 0, bloom_empty(10, 0.01, true, 0) UNION ALL SELECT i + 1, bloom_add(b, (i + 1)::bigint) FROM r WHERE i < 5) SELECT b FROM r WHERE i = 5) AS b) s, generate_series(1, 3005) x
UNION ALL
SELECT 12 AS n, 'scalable 1 at 0.5 bigint 1..20' AS vector,
       count(*) FILTER (WHERE x <= 20 AND NOT b @> x::bigint) = 0 AS no_false_negatives,
       md5(coalesce(string_agg(x::text, ' ' ORDER BY x) FILTER (WHERE x > 20 AND b @> x::bigint), ''))
         = '533193fb27e3e15e61658c1422572026' AS same_false_positives
FROM (SELECT (WITH RECURSIVE r(i, b) AS (SELECT 0, bloom_empty(1, 0.5, true, 0) UNION ALL SELECT i + 1, bloom_add(b, (i + 1)::bigint) FROM r WHERE i < 20) SELECT b FROM r WHERE i = 20) AS b) s, generate_series(1, 3020) x
UNION ALL
SELECT 13 AS n, 'scalable 4 at 0.1 bigint 1..40' AS vector,
       count(*) FILTER (WHERE x <= 40 AND NOT b @> x::bigint) = 0 AS no_false_negatives,
       md5(coalesce(string_agg(x::text, ' ' ORDER BY x) FILTER (WHERE x > 40 AND b @> x::bigint), ''))
         = '185f24ac92b17ca2d1cc7ed9474af8da' AS same_false_positives
FROM (SELECT (WITH RECURSIVE r(i, b) AS (SELECT 0, bloom_empty(4, 0.1, true, 0) UNION ALL SELECT i + 1, bloom_add(b, (i + 1)::bigint) FROM r WHERE i < 40) SELECT b FROM r WHERE i = 40) AS b) s, generate_series(1, 3040) x
UNION ALL
SELECT 14 AS n, 'scalable 2 at 0.01 bigint 1..20' AS vector,
       count(*) FILTER (WHERE x <= 20 AND NOT b @> x::bigint) = 0 AS no_false_negatives,
       md5(coalesce(string_agg(x::text, ' ' ORDER BY x) FILTER (WHERE x > 20 AND b @> x::bigint), ''))
         = 'e57555570b8143c5328a1705ba6000f1' AS same_false_positives
FROM (SELECT (WITH RECURSIVE r(i, b) AS (SELECT 0, bloom_empty(2, 0.01, true, 0) UNION ALL SELECT i + 1, bloom_add(b, (i + 1)::bigint) FROM r WHERE i < 20) SELECT b FROM r WHERE i = 20) AS b) s, generate_series(1, 3020) x
UNION ALL
SELECT 15 AS n, 'scalable 100 at 0.01 bigint 1..3000' AS vector,
       count(*) FILTER (WHERE x <= 3000 AND NOT b @> x::bigint) = 0 AS no_false_negatives,
       md5(coalesce(string_agg(x::text, ' ' ORDER BY x) FILTER (WHERE x > 3000 AND b @> x::bigint), ''))
         = '7a5b2c409b7788bdfaa0deba9a89c9f1' AS same_false_positives
FROM (SELECT (WITH RECURSIVE r(i, b) AS (SELECT 0, bloom_empty(100, 0.01, true, 0) UNION ALL SELECT i + 1, bloom_add(b, (i + 1)::bigint) FROM r WHERE i < 3000) SELECT b FROM r WHERE i = 3000) AS b) s, generate_series(1, 6000) x
UNION ALL
SELECT 16 AS n, 'scalable 50 at 0.001 seed -1 text 1..400' AS vector,
       count(*) FILTER (WHERE x <= 400 AND NOT b @> x::text) = 0 AS no_false_negatives,
       md5(coalesce(string_agg(x::text, ' ' ORDER BY x) FILTER (WHERE x > 400 AND b @> x::text), ''))
         = '60d3fcd999b38d3d295a867df39b282b' AS same_false_positives
FROM (SELECT (WITH RECURSIVE r(i, b) AS (SELECT 0, bloom_empty(50, 0.001, true, -1) UNION ALL SELECT i + 1, bloom_add(b, (i + 1)::text) FROM r WHERE i < 400) SELECT b FROM r WHERE i = 400) AS b) s, generate_series(1, 3400) x
UNION ALL
SELECT 17 AS n, 'blocked 100 at 0.01 bigint 1..100' AS vector,
       count(*) FILTER (WHERE x <= 100 AND NOT b @> x::bigint) = 0 AS no_false_negatives,
       md5(coalesce(string_agg(x::text, ' ' ORDER BY x) FILTER (WHERE x > 100 AND b @> x::bigint), ''))
         = '3fbb3236e9b2372ce0674269009ffd7c' AS same_false_positives
FROM (SELECT (SELECT bloom_agg(x::bigint, 100, 0.01, 'blocked') FROM generate_series(1, 100) x) AS b) s, generate_series(1, 3100) x
UNION ALL
SELECT 18 AS n, 'blocked 1000 at 0.001 text 1..1000' AS vector,
       count(*) FILTER (WHERE x <= 1000 AND NOT b @> x::text) = 0 AS no_false_negatives,
       md5(coalesce(string_agg(x::text, ' ' ORDER BY x) FILTER (WHERE x > 1000 AND b @> x::text), ''))
         = 'ade59f03cc3046548bf5a05e970caa97' AS same_false_positives
FROM (SELECT (SELECT bloom_agg(x::text, 1000, 0.001, 'blocked') FROM generate_series(1, 1000) x) AS b) s, generate_series(1, 4000) x
UNION ALL
SELECT 19 AS n, 'blocked 200 at 1e-06 seed -1 bloom_add bigint 1..200' AS vector,
       count(*) FILTER (WHERE x <= 200 AND NOT b @> x::bigint) = 0 AS no_false_negatives,
       md5(coalesce(string_agg(x::text, ' ' ORDER BY x) FILTER (WHERE x > 200 AND b @> x::bigint), ''))
         = 'd41d8cd98f00b204e9800998ecf8427e' AS same_false_positives
FROM (SELECT (WITH RECURSIVE r(i, b) AS (SELECT 0, bloom_empty(200, 1e-06, 'blocked', -1) UNION ALL SELECT i + 1, bloom_add(b, (i + 1)::bigint) FROM r WHERE i < 200) SELECT b FROM r WHERE i = 200) AS b) s, generate_series(1, 3200) x
UNION ALL
SELECT 20 AS n, 'blocked 10 at 0.1 overfilled with bigint 1..500' AS vector,
       count(*) FILTER (WHERE x <= 500 AND NOT b @> x::bigint) = 0 AS no_false_negatives,
       md5(coalesce(string_agg(x::text, ' ' ORDER BY x) FILTER (WHERE x > 500 AND b @> x::bigint), ''))
         = '51da7875d0617c7fcbc9fb5e36ceb7c1' AS same_false_positives
FROM (SELECT (SELECT bloom_agg(x::bigint, 10, 0.1, 'blocked') FROM generate_series(1, 500) x) AS b) s, generate_series(1, 3500) x
UNION ALL
SELECT 21 AS n, 'blocked 20000 at 0.01 bigint 1..20000' AS vector,
       count(*) FILTER (WHERE x <= 20000 AND NOT b @> x::bigint) = 0 AS no_false_negatives,
       md5(coalesce(string_agg(x::text, ' ' ORDER BY x) FILTER (WHERE x > 20000 AND b @> x::bigint), ''))
         = '60c3f1f0fd8fb09947d2bdc5fbe4af71' AS same_false_positives
FROM (SELECT (SELECT bloom_agg(x::bigint, 20000, 0.01, 'blocked') FROM generate_series(1, 20000) x) AS b) s, generate_series(1, 23000) x
UNION ALL
SELECT 22 AS n, 'v2 fixed 50 at 0.01 bigint 1..40' AS vector,
       count(*) FILTER (WHERE x <= 40 AND NOT b @> x::bigint) = 0 AS no_false_negatives,
       md5(coalesce(string_agg(x::text, ' ' ORDER BY x) FILTER (WHERE x > 40 AND b @> x::bigint), ''))
         = 'e79fa43f679481ac6eeb78bbda1216da' AS same_false_positives
FROM (SELECT (SELECT bloom_agg(x::bigint, 50, 0.01) FROM generate_series(1, 40) x) AS b) s, generate_series(1, 3040) x
UNION ALL
SELECT 23 AS n, 'v2 blocked 100 at 0.01 double precision 1..100' AS vector,
       count(*) FILTER (WHERE x <= 100 AND NOT b @> x::double precision) = 0 AS no_false_negatives,
       md5(coalesce(string_agg(x::text, ' ' ORDER BY x) FILTER (WHERE x > 100 AND b @> x::double precision), ''))
         = '3fbb3236e9b2372ce0674269009ffd7c' AS same_false_positives
FROM (SELECT (SELECT bloom_agg(x::double precision, 100, 0.01, 'blocked') FROM generate_series(1, 100) x) AS b) s, generate_series(1, 3100) x
UNION ALL
SELECT 24 AS n, 'v2 blocked 50 at 0.05 text 1..60' AS vector,
       count(*) FILTER (WHERE x <= 60 AND NOT b @> x::text) = 0 AS no_false_negatives,
       md5(coalesce(string_agg(x::text, ' ' ORDER BY x) FILTER (WHERE x > 60 AND b @> x::text), ''))
         = '16d3449c65c85fdd2c316bdc48f66518' AS same_false_positives
FROM (SELECT (SELECT bloom_agg(x::text, 50, 0.05, 'blocked') FROM generate_series(1, 60) x) AS b) s, generate_series(1, 3060) x
UNION ALL
SELECT 25 AS n, 'v2 scalable 4 at 0.1 numeric 1..40' AS vector,
       count(*) FILTER (WHERE x <= 40 AND NOT b @> x::numeric) = 0 AS no_false_negatives,
       md5(coalesce(string_agg(x::text, ' ' ORDER BY x) FILTER (WHERE x > 40 AND b @> x::numeric), ''))
         = '185f24ac92b17ca2d1cc7ed9474af8da' AS same_false_positives
FROM (SELECT (WITH RECURSIVE r(i, b) AS (SELECT 0, bloom_empty(4, 0.1, true, 0) UNION ALL SELECT i + 1, bloom_add(b, (i + 1)::numeric) FROM r WHERE i < 40) SELECT b FROM r WHERE i = 40) AS b) s, generate_series(1, 3040) x
UNION ALL
SELECT 26 AS n, 'v2 scalable 2 at 0.1 seed 5 text 1..30' AS vector,
       count(*) FILTER (WHERE x <= 30 AND NOT b @> x::text) = 0 AS no_false_negatives,
       md5(coalesce(string_agg(x::text, ' ' ORDER BY x) FILTER (WHERE x > 30 AND b @> x::text), ''))
         = 'ea5f35779d4a64e37f7722fb682f32d2' AS same_false_positives
FROM (SELECT (WITH RECURSIVE r(i, b) AS (SELECT 0, bloom_empty(2, 0.1, true, 5) UNION ALL SELECT i + 1, bloom_add(b, (i + 1)::text) FROM r WHERE i < 30) SELECT b FROM r WHERE i = 30) AS b) s, generate_series(1, 3030) x
UNION ALL
SELECT 27 AS n, 'v1 fixed 50 at 0.01 bigint 1..30, kind-free from its first add' AS vector,
       count(*) FILTER (WHERE x <= 30 AND NOT b @> x::bigint) = 0 AS no_false_negatives,
       md5(coalesce(string_agg(x::text, ' ' ORDER BY x) FILTER (WHERE x > 30 AND b @> x::bigint), ''))
         = 'd41d8cd98f00b204e9800998ecf8427e' AS same_false_positives
FROM (SELECT (WITH RECURSIVE r(i, b) AS (SELECT 0, bloom_empty(50, 0.01, false, 0) UNION ALL SELECT i + 1, CASE WHEN i = 0 THEN set_byte(set_byte(set_byte((bloom_add(b, (i + 1)::bigint))::bytea, 1, 1), 6, 0), 7, 0)::bloom ELSE bloom_add(b, (i + 1)::bigint) END FROM r WHERE i < 30) SELECT b FROM r WHERE i = 30) AS b) s, generate_series(1, 3030) x
ORDER BY n;

-- Outside bytes every reader must reject (section 4.6), with SQLSTATE 22P03,
-- and edge values it must accept.
CREATE FUNCTION pg_temp.accepted(b bytea) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
    PERFORM b::bloom;
    RETURN true;
EXCEPTION WHEN invalid_binary_representation THEN
    RETURN false;
END $$;
SELECT n, vector, NOT pg_temp.accepted(b) AS rejected
FROM (VALUES
  (1, 'invalid: shorter than the header', '\x4201020101000000000000000000000003000000000000007b14ae47e17a84'::bytea),
  (2, 'invalid: header only', '\x4201020101000000000000000000000003000000000000007b14ae47e17a843f'::bytea),
  (3, 'invalid: type tag not B', '\x4301020101000000000000000000000003000000000000007b14ae47e17a843f1d00000000000000030000000000000011000000000000000700000000000000b91b8f0b'::bytea),
  (4, 'invalid: type tag H (an hll value)', '\x4801020101000000000000000000000003000000000000007b14ae47e17a843f1d00000000000000030000000000000011000000000000000700000000000000b91b8f0b'::bytea),
  (5, 'invalid: format version 0', '\x4200020101000000000000000000000003000000000000007b14ae47e17a843f1d00000000000000030000000000000011000000000000000700000000000000b91b8f0b'::bytea),
  (6, 'invalid: format version 2 with kind 0', '\x4202020101000000000000000000000003000000000000007b14ae47e17a843f1d00000000000000030000000000000011000000000000000700000000000000b91b8f0b'::bytea),
  (7, 'invalid: format version 3', '\x4203020101000000000000000000000003000000000000007b14ae47e17a843f1d00000000000000030000000000000011000000000000000700000000000000b91b8f0b'::bytea),
  (8, 'invalid: format version 3 with a kind', '\x4203020101001400000000000000000003000000000000007b14ae47e17a843f1d00000000000000030000000000000011000000000000000700000000000000b91b8f0b'::bytea),
  (9, 'invalid: format version 2, no bit set, kind 20', '\x4202020101001400000000000000000003000000000000007b14ae47e17a843f1d0000000000000003000000000000000000000000000000070000000000000000000000'::bytea),
  (10, 'invalid: format version 1 with a kind (20) at bytes 6-7', '\x4201020101001400000000000000000003000000000000007b14ae47e17a843f1d00000000000000030000000000000011000000000000000700000000000000b91b8f0b'::bytea),
  (11, 'invalid: hash id 3', '\x4201030101000000000000000000000003000000000000007b14ae47e17a843f1d00000000000000030000000000000011000000000000000700000000000000b91b8f0b'::bytea),
  (12, 'invalid: hash id 0', '\x4201000101000000000000000000000003000000000000007b14ae47e17a843f1d00000000000000030000000000000011000000000000000700000000000000b91b8f0b'::bytea),
  (13, 'invalid: layout 0', '\x4201020001000000000000000000000003000000000000007b14ae47e17a843f1d00000000000000030000000000000011000000000000000700000000000000b91b8f0b'::bytea),
  (14, 'invalid: layout 3', '\x4201020301000000000000000000000003000000000000007b14ae47e17a843f1d00000000000000030000000000000011000000000000000700000000000000b91b8f0b'::bytea),
  (15, 'invalid: fixed with layer count 2', '\x4201020102000000000000000000000003000000000000007b14ae47e17a843f1d00000000000000030000000000000011000000000000000700000000000000b91b8f0b1d00000000000000030000000000000011000000000000000700000000000000b91b8f0b'::bytea),
  (16, 'invalid: fixed with layer count 0', '\x4201020100000000000000000000000003000000000000007b14ae47e17a843f1d00000000000000030000000000000011000000000000000700000000000000b91b8f0b'::bytea),
  (17, 'invalid: scalable with layer count 0', '\x4201020200000000000000000000000004000000000000009a9999999999b93f190000000000000004000000000000000b00000000000000040000000000000023aa8a013e0000000000000008000000000000001d0000000000000005000000000000000a97c6295d887433'::bytea),
  (18, 'invalid: scalable with layer count 65', '\x4201020241000000000000000000000004000000000000009a9999999999b93f190000000000000004000000000000000b00000000000000040000000000000023aa8a013e0000000000000008000000000000001d0000000000000005000000000000000a97c6295d887433'::bytea),
  (19, 'invalid: format version 1, byte 6 set', '\x4201020101000100000000000000000003000000000000007b14ae47e17a843f1d00000000000000030000000000000011000000000000000700000000000000b91b8f0b'::bytea),
  (20, 'invalid: format version 1, byte 7 set', '\x4201020101000080000000000000000003000000000000007b14ae47e17a843f1d00000000000000030000000000000011000000000000000700000000000000b91b8f0b'::bytea),
  (21, 'invalid: capacity 0', '\x4201020101000000000000000000000000000000000000007b14ae47e17a843f1d00000000000000030000000000000011000000000000000700000000000000b91b8f0b'::bytea),
  (22, 'invalid: capacity 2^63', '\x4201020101000000000000000000000000000000000000807b14ae47e17a843f1d00000000000000030000000000000011000000000000000700000000000000b91b8f0b'::bytea),
  (23, 'invalid: fpr 0', '\x42010201010000000000000000000000030000000000000000000000000000001d00000000000000030000000000000011000000000000000700000000000000b91b8f0b'::bytea),
  (24, 'invalid: fpr -0', '\x42010201010000000000000000000000030000000000000000000000000000801d00000000000000030000000000000011000000000000000700000000000000b91b8f0b'::bytea),
  (25, 'invalid: fpr 1', '\x420102010100000000000000000000000300000000000000000000000000f03f1d00000000000000030000000000000011000000000000000700000000000000b91b8f0b'::bytea),
  (26, 'invalid: fpr -0.5', '\x420102010100000000000000000000000300000000000000000000000000e0bf1d00000000000000030000000000000011000000000000000700000000000000b91b8f0b'::bytea),
  (27, 'invalid: fpr NaN', '\x420102010100000000000000000000000300000000000000000000000000f87f1d00000000000000030000000000000011000000000000000700000000000000b91b8f0b'::bytea),
  (28, 'invalid: fpr +Infinity', '\x420102010100000000000000000000000300000000000000000000000000f07f1d00000000000000030000000000000011000000000000000700000000000000b91b8f0b'::bytea),
  (29, 'invalid: fpr changed (layer no longer matches)', '\x4201020101000000000000000000000003000000000000009a9999999999c93f1d00000000000000030000000000000011000000000000000700000000000000b91b8f0b'::bytea),
  (30, 'invalid: ends inside the layer header', '\x4201020101000000000000000000000003000000000000007b14ae47e17a843f1d000000000000000300000000000000110000000000000007000000000000'::bytea),
  (31, 'invalid: bit array one byte short', '\x4201020101000000000000000000000003000000000000007b14ae47e17a843f1d00000000000000030000000000000011000000000000000700000000000000b91b8f'::bytea),
  (32, 'invalid: a byte after the last layer', '\x4201020101000000000000000000000003000000000000007b14ae47e17a843f1d00000000000000030000000000000011000000000000000700000000000000b91b8f0b00'::bytea),
  (33, 'invalid: scalable: a byte after the last layer', '\x4201020202000000000000000000000004000000000000009a9999999999b93f190000000000000004000000000000000b00000000000000040000000000000023aa8a013e0000000000000008000000000000001d0000000000000005000000000000000a97c6295d88743300'::bytea),
  (34, 'invalid: scalable: header claims 3 layers, 2 present', '\x4201020203000000000000000000000004000000000000009a9999999999b93f190000000000000004000000000000000b00000000000000040000000000000023aa8a013e0000000000000008000000000000001d0000000000000005000000000000000a97c6295d887433'::bytea),
  (35, 'invalid: scalable: header claims 1 layer, 2 present', '\x4201020201000000000000000000000004000000000000009a9999999999b93f190000000000000004000000000000000b00000000000000040000000000000023aa8a013e0000000000000008000000000000001d0000000000000005000000000000000a97c6295d887433'::bytea),
  (36, 'invalid: bit count 0', '\x4201020101000000000000000000000003000000000000007b14ae47e17a843f0000000000000000030000000000000011000000000000000700000000000000'::bytea),
  (37, 'invalid: hash count 0', '\x4201020101000000000000000000000003000000000000007b14ae47e17a843f1d00000000000000030000000000000011000000000000000000000000000000b91b8f0b'::bytea),
  (38, 'invalid: layer reserved bytes set', '\x4201020101000000000000000000000003000000000000007b14ae47e17a843f1d00000000000000030000000000000011000000000000000700000001000000b91b8f0b'::bytea),
  (39, 'invalid: bits set above the bit count', '\x4201020101000000000000000000000003000000000000007b14ae47e17a843f1d0000000000000003000000000000001e000000000000000700000000000000b91b8f0b'::bytea),
  (40, 'invalid: bits set not the population (one more)', '\x4201020101000000000000000000000003000000000000007b14ae47e17a843f1d00000000000000030000000000000012000000000000000700000000000000b91b8f0b'::bytea),
  (41, 'invalid: bits set not the population (one less)', '\x4201020101000000000000000000000003000000000000007b14ae47e17a843f1d00000000000000030000000000000010000000000000000700000000000000b91b8f0b'::bytea),
  (42, 'invalid: pad bit set', '\x4201020101000000000000000000000003000000000000007b14ae47e17a843f1d00000000000000030000000000000011000000000000000700000000000000b91b8f2b'::bytea),
  (43, 'invalid: pad bit set, count adjusted', '\x4201020101000000000000000000000003000000000000007b14ae47e17a843f1d00000000000000030000000000000012000000000000000700000000000000b91b8f2b'::bytea),
  (44, 'invalid: layer capacity not the filter''s', '\x4201020101000000000000000000000003000000000000007b14ae47e17a843f1d00000000000000040000000000000011000000000000000700000000000000b91b8f0b'::bytea),
  (45, 'invalid: filter capacity changed (layer no longer matches)', '\x4201020101000000000000000000000006000000000000007b14ae47e17a843f1d00000000000000030000000000000011000000000000000700000000000000b91b8f0b'::bytea),
  (46, 'invalid: bit count 2 above the sizing', '\x4201020101000000000000000000000003000000000000007b14ae47e17a843f1f00000000000000030000000000000011000000000000000700000000000000b91b8f0b'::bytea),
  (47, 'invalid: bit count 2 below the sizing', '\x4201020101000000000000000000000003000000000000007b14ae47e17a843f1b00000000000000030000000000000010000000000000000700000000000000b91b8f03'::bytea),
  (48, 'invalid: hash count 2 above the sizing', '\x4201020101000000000000000000000003000000000000007b14ae47e17a843f1d00000000000000030000000000000011000000000000000900000000000000b91b8f0b'::bytea),
  (49, 'invalid: hash count 2 below the sizing', '\x4201020101000000000000000000000003000000000000007b14ae47e17a843f1d00000000000000030000000000000011000000000000000500000000000000b91b8f0b'::bytea),
  (50, 'invalid: a scalable first layer (sized for fpr/2) under a fixed header', '\x4201020101000000000000000000000004000000000000009a9999999999b93f190000000000000004000000000000000b00000000000000040000000000000023aa8a01'::bytea),
  (51, 'invalid: scalable: second layer capacity not doubled', '\x4201020202000000000000000000000004000000000000009a9999999999b93f190000000000000004000000000000000b00000000000000040000000000000023aa8a013e0000000000000009000000000000001d0000000000000005000000000000000a97c6295d887433'::bytea),
  (52, 'invalid: scalable: first layer empty, yet a second exists', '\x4201020202000000000000000000000004000000000000009a9999999999b93f1900000000000000040000000000000000000000000000000400000000000000000000003e0000000000000008000000000000001d0000000000000005000000000000000a97c6295d887433'::bytea),
  (53, 'invalid: scalable: first layer hash count + 1 bits below its fill limit', '\x4201020202000000000000000000000004000000000000009a9999999999b93f190000000000000004000000000000000700000000000000040000000000000000a88a013e0000000000000008000000000000001d0000000000000005000000000000000a97c6295d887433'::bytea),
  (54, 'invalid: blocked: two layers', '\x4201020302000000000000000000000064000000000000007b14ae47e17a843f00040000000000006400000000000000f60100000000000007000000000000004bcc1136901f8d39353d6946f84bd4eb0e64272e3292a79ebc0d7ecf2f7a43aa1b934342b72d82d5dc34a3be326c831788d7c7bc0f5b865f44c936c31cb3a8795b8b455ac70a9641196d17fb1958922f0eb2e07874a2f2801a9f964dafc063f816bf456910d5a03707a350ba34515f7d41401c23a7c41b245057fdf4538d8676'::bytea),
  (55, 'invalid: blocked: bit count not whole blocks', '\x4201020301000000000000000000000064000000000000007b14ae47e17a843ff8030000000000006400000000000000f10100000000000007000000000000004bcc1136901f8d39353d6946f84bd4eb0e64272e3292a79ebc0d7ecf2f7a43aa1b934342b72d82d5dc34a3be326c831788d7c7bc0f5b865f44c936c31cb3a8795b8b455ac70a9641196d17fb1958922f0eb2e07874a2f2801a9f964dafc063f816bf456910d5a03707a350ba34515f7d41401c23a7c41b245057fdf4538d86'::bytea),
  (56, 'invalid: blocked: 2 blocks above the sizing', '\x4201020301000000000000000000000064000000000000007b14ae47e17a843f00080000000000006400000000000000f60100000000000007000000000000004bcc1136901f8d39353d6946f84bd4eb0e64272e3292a79ebc0d7ecf2f7a43aa1b934342b72d82d5dc34a3be326c831788d7c7bc0f5b865f44c936c31cb3a8795b8b455ac70a9641196d17fb1958922f0eb2e07874a2f2801a9f964dafc063f816bf456910d5a03707a350ba34515f7d41401c23a7c41b245057fdf4538d86760000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000'::bytea),
  (57, 'invalid: blocked: hash count 2 above the sizing', '\x4201020301000000000000000000000064000000000000007b14ae47e17a843f00040000000000006400000000000000f60100000000000009000000000000004bcc1136901f8d39353d6946f84bd4eb0e64272e3292a79ebc0d7ecf2f7a43aa1b934342b72d82d5dc34a3be326c831788d7c7bc0f5b865f44c936c31cb3a8795b8b455ac70a9641196d17fb1958922f0eb2e07874a2f2801a9f964dafc063f816bf456910d5a03707a350ba34515f7d41401c23a7c41b245057fdf4538d8676'::bytea),
  (58, 'invalid: blocked: hash count 33', '\x4201020301000000000000000000000064000000000000007b14ae47e17a843f00040000000000006400000000000000f60100000000000021000000000000004bcc1136901f8d39353d6946f84bd4eb0e64272e3292a79ebc0d7ecf2f7a43aa1b934342b72d82d5dc34a3be326c831788d7c7bc0f5b865f44c936c31cb3a8795b8b455ac70a9641196d17fb1958922f0eb2e07874a2f2801a9f964dafc063f816bf456910d5a03707a350ba34515f7d41401c23a7c41b245057fdf4538d8676'::bytea),
  (59, 'invalid: blocked: a pad bit of block 0 set, count adjusted', '\x4201020301000000000000000000000064000000000000007b14ae47e17a843f00040000000000006400000000000000f70100000000000007000000000000004bcc1136901f8d39353d6946f84bd4eb0e64272e3292a79ebc0d7ecf2f7a43aa1b934342b72d82d5dc34a3be326c831788d7c7bc0f5b865f44c936c31cb3a8f95b8b455ac70a9641196d17fb1958922f0eb2e07874a2f2801a9f964dafc063f816bf456910d5a03707a350ba34515f7d41401c23a7c41b245057fdf4538d8676'::bytea),
  (60, 'invalid: blocked: bits set not the population', '\x4201020301000000000000000000000064000000000000007b14ae47e17a843f00040000000000006400000000000000f70100000000000007000000000000004bcc1136901f8d39353d6946f84bd4eb0e64272e3292a79ebc0d7ecf2f7a43aa1b934342b72d82d5dc34a3be326c831788d7c7bc0f5b865f44c936c31cb3a8795b8b455ac70a9641196d17fb1958922f0eb2e07874a2f2801a9f964dafc063f816bf456910d5a03707a350ba34515f7d41401c23a7c41b245057fdf4538d8676'::bytea),
  (61, 'invalid: blocked: a fixed filter''s layer under a blocked header', '\x4201020301000000000000000000000003000000000000007b14ae47e17a843f1d00000000000000030000000000000011000000000000000700000000000000b91b8f0b'::bytea)
) v(n, vector, b)
ORDER BY n;

SELECT n, vector, pg_temp.accepted(b) AS accepted
FROM (VALUES
  (1, 'valid: bit count 1 above the sizing', '\x4201020101000000000000000000000003000000000000007b14ae47e17a843f1e00000000000000030000000000000011000000000000000700000000000000b91b8f0b'::bytea),
  (2, 'valid: bit count 1 below the sizing', '\x4201020101000000000000000000000003000000000000007b14ae47e17a843f1c00000000000000030000000000000011000000000000000700000000000000b91b8f0b'::bytea),
  (3, 'valid: hash count 1 above the sizing', '\x4201020101000000000000000000000003000000000000007b14ae47e17a843f1d00000000000000030000000000000011000000000000000800000000000000b91b8f0b'::bytea),
  (4, 'valid: hash count 1 below the sizing', '\x4201020101000000000000000000000003000000000000007b14ae47e17a843f1d00000000000000030000000000000011000000000000000600000000000000b91b8f0b'::bytea),
  (5, 'valid: scalable: first layer hash count bits below its fill limit', '\x4201020202000000000000000000000004000000000000009a9999999999b93f190000000000000004000000000000000800000000000000040000000000000000aa8a013e0000000000000008000000000000001d0000000000000005000000000000000a97c6295d887433'::bytea),
  (6, 'valid: scalable: first layer at the least fill an add closes it with', '\x4201020202000000000000000000000004000000000000009a9999999999b93f190000000000000004000000000000000900000000000000040000000000000020aa8a013e0000000000000008000000000000001d0000000000000005000000000000000a97c6295d887433'::bytea),
  (7, 'valid: scalable: last layer with every bit set', '\x4201020202000000000000000000000004000000000000009a9999999999b93f190000000000000004000000000000000b00000000000000040000000000000023aa8a013e0000000000000008000000000000003e000000000000000500000000000000ffffffffffffff3f'::bytea),
  (8, 'valid: seed any u64', '\x4201020101000000ffffffffffffffff03000000000000007b14ae47e17a843f1d00000000000000030000000000000011000000000000000700000000000000b91b8f0b'::bytea),
  (9, 'valid: format version 2, kind 1', '\x4202020101000100000000000000000003000000000000007b14ae47e17a843f1d00000000000000030000000000000011000000000000000700000000000000b91b8f0b'::bytea),
  (10, 'valid: format version 2, kind 9999', '\x4202020101000f27000000000000000003000000000000007b14ae47e17a843f1d00000000000000030000000000000011000000000000000700000000000000b91b8f0b'::bytea),
  (11, 'valid: format version 2, kind 10000', '\x4202020101001027000000000000000003000000000000007b14ae47e17a843f1d00000000000000030000000000000011000000000000000700000000000000b91b8f0b'::bytea),
  (12, 'valid: format version 2, kind 65533', '\x420202010100fdff000000000000000003000000000000007b14ae47e17a843f1d00000000000000030000000000000011000000000000000700000000000000b91b8f0b'::bytea),
  (13, 'valid: format version 2, kind 65534', '\x420202010100feff000000000000000003000000000000007b14ae47e17a843f1d00000000000000030000000000000011000000000000000700000000000000b91b8f0b'::bytea),
  (14, 'valid: format version 2, kind 65535', '\x420202010100ffff000000000000000003000000000000007b14ae47e17a843f1d00000000000000030000000000000011000000000000000700000000000000b91b8f0b'::bytea),
  (15, 'valid: scalable: format version 2, kind 25', '\x4202020202001900000000000000000004000000000000009a9999999999b93f190000000000000004000000000000000b00000000000000040000000000000023aa8a013e0000000000000008000000000000001d0000000000000005000000000000000a97c6295d887433'::bytea),
  (16, 'valid: blocked: 1 block above the sizing', '\x4201020301000000000000000000000064000000000000007b14ae47e17a843f00060000000000006400000000000000f60100000000000007000000000000004bcc1136901f8d39353d6946f84bd4eb0e64272e3292a79ebc0d7ecf2f7a43aa1b934342b72d82d5dc34a3be326c831788d7c7bc0f5b865f44c936c31cb3a8795b8b455ac70a9641196d17fb1958922f0eb2e07874a2f2801a9f964dafc063f816bf456910d5a03707a350ba34515f7d41401c23a7c41b245057fdf4538d867600000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000'::bytea),
  (17, 'valid: blocked: format version 2, kind 20', '\x4202020301001400000000000000000064000000000000007b14ae47e17a843f00040000000000006400000000000000f60100000000000007000000000000004bcc1136901f8d39353d6946f84bd4eb0e64272e3292a79ebc0d7ecf2f7a43aa1b934342b72d82d5dc34a3be326c831788d7c7bc0f5b865f44c936c31cb3a8795b8b455ac70a9641196d17fb1958922f0eb2e07874a2f2801a9f964dafc063f816bf456910d5a03707a350ba34515f7d41401c23a7c41b245057fdf4538d8676'::bytea),
  (18, 'valid: blocked: hash count 1 above the sizing', '\x4201020301000000000000000000000064000000000000007b14ae47e17a843f00040000000000006400000000000000f60100000000000008000000000000004bcc1136901f8d39353d6946f84bd4eb0e64272e3292a79ebc0d7ecf2f7a43aa1b934342b72d82d5dc34a3be326c831788d7c7bc0f5b865f44c936c31cb3a8795b8b455ac70a9641196d17fb1958922f0eb2e07874a2f2801a9f964dafc063f816bf456910d5a03707a350ba34515f7d41401c23a7c41b245057fdf4538d8676'::bytea)
) v(n, vector, b)
ORDER BY n;

DROP TYPE vector_mood;

-- The cuckoo binary format as a contract (doc/FORMAT.md section 5): the
-- extension must keep producing exactly these bytes for these operations, so
-- the format cannot drift silently. Generated with test/vectors/cuckoo.json by
-- python/make_cuckoo_vectors.py; the same vectors are checked against an
-- independent implementation in python/cuckoo_format.py.
-- A changed byte here needs a new format version or hash id, not a new file.

-- pg_temp.apply(c, ops): the operations of a vector, in order (see the
-- "fields" of test/vectors/cuckoo.json).
CREATE FUNCTION pg_temp.apply(c cuckoo, ops jsonb) RETURNS cuckoo LANGUAGE plpgsql AS $$
DECLARE op jsonb;
BEGIN
    FOR op IN SELECT * FROM jsonb_array_elements(ops) LOOP
        IF op->>0 IN ('add_range', 'remove_range') THEN
            FOR i IN (op->>2)::bigint..(op->>3)::bigint BY (op->>4)::bigint LOOP
                IF op->>0 = 'add_range' THEN c := cuckoo_add(c, i); ELSE c := cuckoo_remove(c, i); END IF;
            END LOOP;
        ELSIF op->>1 = 'bigint' THEN
            IF op->>0 = 'add' THEN c := cuckoo_add(c, (op->>2)::bigint);
            ELSE c := cuckoo_remove(c, (op->>2)::bigint); END IF;
        ELSE
            IF op->>0 = 'add' THEN c := cuckoo_add(c, op->>2);
            ELSE c := cuckoo_remove(c, op->>2); END IF;
        END IF;
    END LOOP;
    RETURN c;
END $$;

-- Each vector's bytes; values over 400 bytes are compared by their SHA-256.
SELECT n, vector, got = expected AS same_bytes
FROM (VALUES
  (1, 'empty capacity 1',
   (pg_temp.apply(cuckoo_empty(1, 0.01, 0), '[]'::jsonb))::bytea,
   '\x430102010a040100000000000000000001000000000000007b14ae47e17a843f0200000000000000000000000000000000000000000000000000'::bytea),
  (2, 'empty capacity 1000',
   sha256((pg_temp.apply(cuckoo_empty(1000, 0.01, 0), '[]'::jsonb))::bytea),
   '\x0991d08fc8d00a9a0ecb73e67c48f1081c880cee4f4230652eace7a97a4e1083'::bytea),
  (3, 'empty rate 0.5 seed -1',
   (pg_temp.apply(cuckoo_empty(10, 0.5, -1), '[]'::jsonb))::bytea,
   '\x4301020104040100ffffffffffffffff0a00000000000000000000000000e03f06000000000000000000000000000000000000000000000000000000'::bytea),
  (4, 'empty rate 0.1 with pad bits',
   (pg_temp.apply(cuckoo_empty(2, 0.1, 0), '[]'::jsonb))::bytea,
   '\x4301020107040100000000000000000002000000000000009a9999999999b93f030000000000000000000000000000000000000000000000000000'::bytea),
  (5, 'one bigint',
   (pg_temp.apply(cuckoo_empty(10, 0.01, 0), '[["add", "bigint", "42"]]'::jsonb))::bytea,
   '\x430102010a04010000000000000000000a000000000000007b14ae47e17a843f0600000000000000010000000000000000000000000000000000000000000000000000000000000000e400000000'::bytea),
  (6, 'one text',
   (pg_temp.apply(cuckoo_empty(10, 0.01, 0), '[["add", "text", "hello"]]'::jsonb))::bytea,
   '\x430102010a04010000000000000000000a000000000000007b14ae47e17a843f06000000000000000100000000000000000000000000000000000000000000720100000000000000000000000000'::bytea),
  (7, 'duplicates fill two buckets',
   (pg_temp.apply(cuckoo_empty(100, 0.01, 0), '[["add", "bigint", "7"], ["add", "bigint", "7"], ["add", "bigint", "7"], ["add", "bigint", "7"], ["add", "bigint", "7"], ["add", "bigint", "7"], ["add", "bigint", "7"], ["add", "bigint", "7"]]'::jsonb))::bytea,
   '\x430102010a040100000000000000000064000000000000007b14ae47e17a843f2100000000000000080000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000005a6badb5d600000000000000000000000000000000000000005a6badb5d600000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000'::bytea),
  (8, 'to capacity, kicks',
   (pg_temp.apply(cuckoo_empty(200, 0.01, 0), '[["add_range", "bigint", 1, 200, 1]]'::jsonb))::bytea,
   '\x430102010a0401000000000000000000c8000000000000007b14ae47e17a843f3e00000000000000c80000000000000082e3fc6a746654ae578f2f2d33d5c77b2ff348346037b9b4cf288208d2889423e09d7b48e64cdbfe1be5020000f1e99d153dfb8c3896d5946d4c21005efb810a0094e41e316d4917201200207806000053e5eda892a2030000000807040000d38d34d46f86f504000060b0b392c8491ec800002c03050000ce44ab22009f692f11001e05793100cf00000000e2003d43efb58bd50400040f3dd0fd5a6766208d4c5fdf748e87ed060000e7286ffd9427a8f6290053feb119003ab4b5ad5f1ae008a7591a6c0b0000295db1e7f71eff0400000e9d67d9effa03000000ba2f9174ed5ab50300009512035059350000000065d7ccdc525e2cf7ac6995ba94b407e45cd4160094dbd04cd0976df4e111b3cdd3768ea21a0038267c0482092529aad31000d25a090000d5c04b7b130000000000f6464e3ab0'::bytea),
  (9, 'to capacity at 0.1',
   (pg_temp.apply(cuckoo_empty(50, 0.1, 3), '[["add_range", "bigint", 1, 50, 1]]'::jsonb))::bytea,
   '\x4301020107040100030000000000000032000000000000009a9999999999b93f130000000000000032000000000000008fc73f16221701f27941e4f78b357b00009033030018000010eb02003f3e0010c8d300160000d0b50200f3f60060f40100ba8054b3f30100e00214105f0bc99d920300'::bytea),
  (10, 'to capacity at 1e-5 (20-bit)',
   sha256((pg_temp.apply(cuckoo_empty(300, 1e-05, 0), '[["add_range", "bigint", 1, 300, 1]]'::jsonb))::bytea),
   '\x0f75516f0ac1852348ec7e52167660458a01034a96e526895f5f62ad846c57e0'::bytea),
  (11, '32-bit fingerprints',
   sha256((pg_temp.apply(cuckoo_empty(100, 2e-09, 5), '[["add_range", "bigint", 1, 100, 1]]'::jsonb))::bytea),
   '\xdd2ebc71bf4e213d2e8c2205805ccf1d5b355fe12474a9d34785fc50fcf6681e'::bytea),
  (12, 'adds and removes',
   sha256((pg_temp.apply(cuckoo_empty(300, 0.001, 11), '[["add_range", "bigint", 1, 300, 1], ["remove_range", "bigint", 1, 298, 3], ["remove", "bigint", "100000"], ["add", "text", "a"], ["add", "text", "b"], ["add", "text", "c"]]'::jsonb))::bytea),
   '\x90a43c770d143fcd16295ea42bbda0456e0a08ed868d9df59c761fdc74064f44'::bytea),
  (13, 'union',
   sha256((cuckoo_union(pg_temp.apply(cuckoo_empty(500, 0.01, 0), '[["add_range", "bigint", 1, 200, 1]]'::jsonb), pg_temp.apply(cuckoo_empty(500, 0.01, 0), '[["add_range", "bigint", 150, 350, 1]]'::jsonb)))::bytea),
   '\x5268d351244a2d06bb56abdd4286870d0efb66631148d3340ee62d26020ab90b'::bytea),
  (14, 'union at 0.001 seed 9',
   sha256((cuckoo_union(pg_temp.apply(cuckoo_empty(400, 0.001, 9), '[["add", "text", "t0"], ["add", "text", "t1"], ["add", "text", "t2"], ["add", "text", "t3"], ["add", "text", "t4"], ["add", "text", "t5"], ["add", "text", "t6"], ["add", "text", "t7"], ["add", "text", "t8"], ["add", "text", "t9"], ["add", "text", "t10"], ["add", "text", "t11"], ["add", "text", "t12"], ["add", "text", "t13"], ["add", "text", "t14"], ["add", "text", "t15"], ["add", "text", "t16"], ["add", "text", "t17"], ["add", "text", "t18"], ["add", "text", "t19"], ["add", "text", "t20"], ["add", "text", "t21"], ["add", "text", "t22"], ["add", "text", "t23"], ["add", "text", "t24"], ["add", "text", "t25"], ["add", "text", "t26"], ["add", "text", "t27"], ["add", "text", "t28"], ["add", "text", "t29"], ["add", "text", "t30"], ["add", "text", "t31"], ["add", "text", "t32"], ["add", "text", "t33"], ["add", "text", "t34"], ["add", "text", "t35"], ["add", "text", "t36"], ["add", "text", "t37"], ["add", "text", "t38"], ["add", "text", "t39"], ["add", "text", "t40"], ["add", "text", "t41"], ["add", "text", "t42"], ["add", "text", "t43"], ["add", "text", "t44"], ["add", "text", "t45"], ["add", "text", "t46"], ["add", "text", "t47"], ["add", "text", "t48"], ["add", "text", "t49"], ["add", "text", "t50"], ["add", "text", "t51"], ["add", "text", "t52"], ["add", "text", "t53"], ["add", "text", "t54"], ["add", "text", "t55"], ["add", "text", "t56"], ["add", "text", "t57"], ["add", "text", "t58"], ["add", "text", "t59"], ["add", "text", "t60"], ["add", "text", "t61"], ["add", "text", "t62"], ["add", "text", "t63"], ["add", "text", "t64"], ["add", "text", "t65"], ["add", "text", "t66"], ["add", "text", "t67"], ["add", "text", "t68"], ["add", "text", "t69"], ["add", "text", "t70"], ["add", "text", "t71"], ["add", "text", "t72"], ["add", "text", "t73"], ["add", "text", "t74"], ["add", "text", "t75"], ["add", "text", "t76"], ["add", "text", "t77"], ["add", "text", "t78"], ["add", "text", "t79"], ["add", "text", "t80"], ["add", "text", "t81"], ["add", "text", "t82"], ["add", "text", "t83"], ["add", "text", "t84"], ["add", "text", "t85"], ["add", "text", "t86"], ["add", "text", "t87"], ["add", "text", "t88"], ["add", "text", "t89"], ["add", "text", "t90"], ["add", "text", "t91"], ["add", "text", "t92"], ["add", "text", "t93"], ["add", "text", "t94"], ["add", "text", "t95"], ["add", "text", "t96"], ["add", "text", "t97"], ["add", "text", "t98"], ["add", "text", "t99"], ["add", "text", "t100"], ["add", "text", "t101"], ["add", "text", "t102"], ["add", "text", "t103"], ["add", "text", "t104"], ["add", "text", "t105"], ["add", "text", "t106"], ["add", "text", "t107"], ["add", "text", "t108"], ["add", "text", "t109"], ["add", "text", "t110"], ["add", "text", "t111"], ["add", "text", "t112"], ["add", "text", "t113"], ["add", "text", "t114"], ["add", "text", "t115"], ["add", "text", "t116"], ["add", "text", "t117"], ["add", "text", "t118"], ["add", "text", "t119"], ["add", "text", "t120"], ["add", "text", "t121"], ["add", "text", "t122"], ["add", "text", "t123"], ["add", "text", "t124"], ["add", "text", "t125"], ["add", "text", "t126"], ["add", "text", "t127"], ["add", "text", "t128"], ["add", "text", "t129"], ["add", "text", "t130"], ["add", "text", "t131"], ["add", "text", "t132"], ["add", "text", "t133"], ["add", "text", "t134"], ["add", "text", "t135"], ["add", "text", "t136"], ["add", "text", "t137"], ["add", "text", "t138"], ["add", "text", "t139"], ["add", "text", "t140"], ["add", "text", "t141"], ["add", "text", "t142"], ["add", "text", "t143"], ["add", "text", "t144"], ["add", "text", "t145"], ["add", "text", "t146"], ["add", "text", "t147"], ["add", "text", "t148"], ["add", "text", "t149"]]'::jsonb), pg_temp.apply(cuckoo_empty(400, 0.001, 9), '[["add", "text", "t100"], ["add", "text", "t101"], ["add", "text", "t102"], ["add", "text", "t103"], ["add", "text", "t104"], ["add", "text", "t105"], ["add", "text", "t106"], ["add", "text", "t107"], ["add", "text", "t108"], ["add", "text", "t109"], ["add", "text", "t110"], ["add", "text", "t111"], ["add", "text", "t112"], ["add", "text", "t113"], ["add", "text", "t114"], ["add", "text", "t115"], ["add", "text", "t116"], ["add", "text", "t117"], ["add", "text", "t118"], ["add", "text", "t119"], ["add", "text", "t120"], ["add", "text", "t121"], ["add", "text", "t122"], ["add", "text", "t123"], ["add", "text", "t124"], ["add", "text", "t125"], ["add", "text", "t126"], ["add", "text", "t127"], ["add", "text", "t128"], ["add", "text", "t129"], ["add", "text", "t130"], ["add", "text", "t131"], ["add", "text", "t132"], ["add", "text", "t133"], ["add", "text", "t134"], ["add", "text", "t135"], ["add", "text", "t136"], ["add", "text", "t137"], ["add", "text", "t138"], ["add", "text", "t139"], ["add", "text", "t140"], ["add", "text", "t141"], ["add", "text", "t142"], ["add", "text", "t143"], ["add", "text", "t144"], ["add", "text", "t145"], ["add", "text", "t146"], ["add", "text", "t147"], ["add", "text", "t148"], ["add", "text", "t149"], ["add", "text", "t150"], ["add", "text", "t151"], ["add", "text", "t152"], ["add", "text", "t153"], ["add", "text", "t154"], ["add", "text", "t155"], ["add", "text", "t156"], ["add", "text", "t157"], ["add", "text", "t158"], ["add", "text", "t159"], ["add", "text", "t160"], ["add", "text", "t161"], ["add", "text", "t162"], ["add", "text", "t163"], ["add", "text", "t164"], ["add", "text", "t165"], ["add", "text", "t166"], ["add", "text", "t167"], ["add", "text", "t168"], ["add", "text", "t169"], ["add", "text", "t170"], ["add", "text", "t171"], ["add", "text", "t172"], ["add", "text", "t173"], ["add", "text", "t174"], ["add", "text", "t175"], ["add", "text", "t176"], ["add", "text", "t177"], ["add", "text", "t178"], ["add", "text", "t179"], ["add", "text", "t180"], ["add", "text", "t181"], ["add", "text", "t182"], ["add", "text", "t183"], ["add", "text", "t184"], ["add", "text", "t185"], ["add", "text", "t186"], ["add", "text", "t187"], ["add", "text", "t188"], ["add", "text", "t189"], ["add", "text", "t190"], ["add", "text", "t191"], ["add", "text", "t192"], ["add", "text", "t193"], ["add", "text", "t194"], ["add", "text", "t195"], ["add", "text", "t196"], ["add", "text", "t197"], ["add", "text", "t198"], ["add", "text", "t199"], ["add", "text", "t200"], ["add", "text", "t201"], ["add", "text", "t202"], ["add", "text", "t203"], ["add", "text", "t204"], ["add", "text", "t205"], ["add", "text", "t206"], ["add", "text", "t207"], ["add", "text", "t208"], ["add", "text", "t209"], ["add", "text", "t210"], ["add", "text", "t211"], ["add", "text", "t212"], ["add", "text", "t213"], ["add", "text", "t214"], ["add", "text", "t215"], ["add", "text", "t216"], ["add", "text", "t217"], ["add", "text", "t218"], ["add", "text", "t219"], ["add", "text", "t220"], ["add", "text", "t221"], ["add", "text", "t222"], ["add", "text", "t223"], ["add", "text", "t224"], ["add", "text", "t225"], ["add", "text", "t226"], ["add", "text", "t227"], ["add", "text", "t228"], ["add", "text", "t229"], ["add", "text", "t230"], ["add", "text", "t231"], ["add", "text", "t232"], ["add", "text", "t233"], ["add", "text", "t234"], ["add", "text", "t235"], ["add", "text", "t236"], ["add", "text", "t237"], ["add", "text", "t238"], ["add", "text", "t239"], ["add", "text", "t240"], ["add", "text", "t241"], ["add", "text", "t242"], ["add", "text", "t243"], ["add", "text", "t244"], ["add", "text", "t245"], ["add", "text", "t246"], ["add", "text", "t247"], ["add", "text", "t248"], ["add", "text", "t249"], ["add", "text", "t250"], ["add", "text", "t251"], ["add", "text", "t252"], ["add", "text", "t253"], ["add", "text", "t254"], ["add", "text", "t255"], ["add", "text", "t256"], ["add", "text", "t257"], ["add", "text", "t258"], ["add", "text", "t259"], ["add", "text", "t260"], ["add", "text", "t261"], ["add", "text", "t262"], ["add", "text", "t263"], ["add", "text", "t264"], ["add", "text", "t265"], ["add", "text", "t266"], ["add", "text", "t267"], ["add", "text", "t268"], ["add", "text", "t269"], ["add", "text", "t270"], ["add", "text", "t271"], ["add", "text", "t272"], ["add", "text", "t273"], ["add", "text", "t274"], ["add", "text", "t275"], ["add", "text", "t276"], ["add", "text", "t277"], ["add", "text", "t278"], ["add", "text", "t279"], ["add", "text", "t280"], ["add", "text", "t281"], ["add", "text", "t282"], ["add", "text", "t283"], ["add", "text", "t284"], ["add", "text", "t285"], ["add", "text", "t286"], ["add", "text", "t287"], ["add", "text", "t288"], ["add", "text", "t289"], ["add", "text", "t290"], ["add", "text", "t291"], ["add", "text", "t292"], ["add", "text", "t293"], ["add", "text", "t294"], ["add", "text", "t295"], ["add", "text", "t296"], ["add", "text", "t297"], ["add", "text", "t298"], ["add", "text", "t299"]]'::jsonb)))::bytea),
   '\xa09cfbe4295a8d9f067672f1ed81c5a9e7386a6c42ff789fa43251133861be8e'::bytea),
  (15, 'large',
   sha256((pg_temp.apply(cuckoo_empty(20000, 0.01, 0), '[["add_range", "bigint", 0, 19999, 1]]'::jsonb))::bytea),
   '\xa38780d1d3194caf3dda96186ffb24a7bd14cdeb2d9b62ce34c669f342a50bd9'::bytea)
) v(n, vector, got, expected)
ORDER BY n;

-- The server reads the vectors' bytes back (bytea and text input) unchanged.
SELECT n, vector, b::cuckoo::bytea = b AS bytea_round_trip,
       (encode(b, 'hex') = substr(b::cuckoo::text, 3)) AS text_output,
       ('\x' || encode(b, 'hex'))::cuckoo = b::cuckoo AS text_input
FROM (VALUES
  (1, 'empty capacity 1', '\x430102010a040100000000000000000001000000000000007b14ae47e17a843f0200000000000000000000000000000000000000000000000000'::bytea),
  (3, 'empty rate 0.5 seed -1', '\x4301020104040100ffffffffffffffff0a00000000000000000000000000e03f06000000000000000000000000000000000000000000000000000000'::bytea),
  (4, 'empty rate 0.1 with pad bits', '\x4301020107040100000000000000000002000000000000009a9999999999b93f030000000000000000000000000000000000000000000000000000'::bytea),
  (5, 'one bigint', '\x430102010a04010000000000000000000a000000000000007b14ae47e17a843f0600000000000000010000000000000000000000000000000000000000000000000000000000000000e400000000'::bytea),
  (6, 'one text', '\x430102010a04010000000000000000000a000000000000007b14ae47e17a843f06000000000000000100000000000000000000000000000000000000000000720100000000000000000000000000'::bytea),
  (7, 'duplicates fill two buckets', '\x430102010a040100000000000000000064000000000000007b14ae47e17a843f2100000000000000080000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000005a6badb5d600000000000000000000000000000000000000005a6badb5d600000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000'::bytea),
  (8, 'to capacity, kicks', '\x430102010a0401000000000000000000c8000000000000007b14ae47e17a843f3e00000000000000c80000000000000082e3fc6a746654ae578f2f2d33d5c77b2ff348346037b9b4cf288208d2889423e09d7b48e64cdbfe1be5020000f1e99d153dfb8c3896d5946d4c21005efb810a0094e41e316d4917201200207806000053e5eda892a2030000000807040000d38d34d46f86f504000060b0b392c8491ec800002c03050000ce44ab22009f692f11001e05793100cf00000000e2003d43efb58bd50400040f3dd0fd5a6766208d4c5fdf748e87ed060000e7286ffd9427a8f6290053feb119003ab4b5ad5f1ae008a7591a6c0b0000295db1e7f71eff0400000e9d67d9effa03000000ba2f9174ed5ab50300009512035059350000000065d7ccdc525e2cf7ac6995ba94b407e45cd4160094dbd04cd0976df4e111b3cdd3768ea21a0038267c0482092529aad31000d25a090000d5c04b7b130000000000f6464e3ab0'::bytea),
  (9, 'to capacity at 0.1', '\x4301020107040100030000000000000032000000000000009a9999999999b93f130000000000000032000000000000008fc73f16221701f27941e4f78b357b00009033030018000010eb02003f3e0010c8d300160000d0b50200f3f60060f40100ba8054b3f30100e00214105f0bc99d920300'::bytea)
) v(n, vector, b)
ORDER BY n;

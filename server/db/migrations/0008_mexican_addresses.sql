ALTER TABLE "users" DROP CONSTRAINT "users_gender_check";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "interior_number" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "country" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "state" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_state_check" CHECK ("users"."state" ~ '^[A-Z]{3}$');--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_gender_check" CHECK ("users"."gender" in ('Male', 'Female', 'PreferNotToSay'));--> statement-breakpoint
-- Hand-written: the rows of accounts created before addresses followed Mexican use.
-- 1. The interior number was required, so people without one typed a placeholder: none now.
UPDATE "users" SET "interior_number" = NULL
WHERE regexp_replace(lower("interior_number"), '[[:space:].]', '', 'g')
  IN ('', 's/n', 'sn', 'n/a', 'na', '-', '--', '0', 'none', 'no', 'ninguno', 'x');--> statement-breakpoint
-- 2. No exterior number (it was optional) but an interior one: with one number to give and the
-- interior field the required one, people wrote the building's number there.
UPDATE "users" SET "exterior_number" = btrim("interior_number"), "interior_number" = NULL
WHERE coalesce(btrim("exterior_number"), '') = '' AND "interior_number" IS NOT NULL;--> statement-breakpoint
-- 3. Still none: "S/N" (sin número), as a Mexican address without a number is written.
UPDATE "users" SET "exterior_number" = 'S/N' WHERE coalesce(btrim("exterior_number"), '') = '';--> statement-breakpoint
-- 4. The country was free text: its English or Spanish name or its code, any case, accents or
-- not, becomes the ISO 3166-1 alpha-2 code (names as Intl.DisplayNames writes them, plus the
-- usual ways of writing Mexico and the United States); anything else becomes none, and the
-- profile asks for it.
UPDATE "users" SET "country" = (
  SELECT known.code FROM (VALUES
('andorra','AD'), ('united arab emirates','AE'), ('afghanistan','AF'), ('antigua barbuda','AG'),
('anguilla','AI'), ('albania','AL'), ('armenia','AM'), ('angola','AO'), ('antarctica','AQ'),
('argentina','AR'), ('american samoa','AS'), ('austria','AT'), ('australia','AU'), ('aruba','AW'),
('aland islands','AX'), ('azerbaijan','AZ'), ('bosnia herzegovina','BA'), ('barbados','BB'),
('bangladesh','BD'), ('belgium','BE'), ('burkina faso','BF'), ('bulgaria','BG'), ('bahrain','BH'),
('burundi','BI'), ('benin','BJ'), ('st barthelemy','BL'), ('bermuda','BM'), ('brunei','BN'),
('bolivia','BO'), ('caribbean netherlands','BQ'), ('brazil','BR'), ('bahamas','BS'),
('bhutan','BT'), ('bouvet island','BV'), ('botswana','BW'), ('belarus','BY'), ('belize','BZ'),
('canada','CA'), ('cocos keeling islands','CC'), ('congo kinshasa','CD'),
('central african republic','CF'), ('congo brazzaville','CG'), ('switzerland','CH'),
('cote d ivoire','CI'), ('cook islands','CK'), ('chile','CL'), ('cameroon','CM'), ('china','CN'),
('colombia','CO'), ('costa rica','CR'), ('cuba','CU'), ('cape verde','CV'), ('curacao','CW'),
('christmas island','CX'), ('cyprus','CY'), ('czechia','CZ'), ('germany','DE'), ('djibouti','DJ'),
('denmark','DK'), ('dominica','DM'), ('dominican republic','DO'), ('algeria','DZ'),
('ecuador','EC'), ('estonia','EE'), ('egypt','EG'), ('western sahara','EH'), ('eritrea','ER'),
('spain','ES'), ('ethiopia','ET'), ('finland','FI'), ('fiji','FJ'), ('falkland islands','FK'),
('micronesia','FM'), ('faroe islands','FO'), ('france','FR'), ('gabon','GA'),
('united kingdom','GB'), ('grenada','GD'), ('georgia','GE'), ('french guiana','GF'),
('guernsey','GG'), ('ghana','GH'), ('gibraltar','GI'), ('greenland','GL'), ('gambia','GM'),
('guinea','GN'), ('guadeloupe','GP'), ('equatorial guinea','GQ'), ('greece','GR'),
('south georgia south sandwich islands','GS'), ('guatemala','GT'), ('guam','GU'),
('guinea bissau','GW'), ('guyana','GY'), ('hong kong sar china','HK'),
('heard mcdonald islands','HM'), ('honduras','HN'), ('croatia','HR'), ('haiti','HT'),
('hungary','HU'), ('indonesia','ID'), ('ireland','IE'), ('israel','IL'), ('isle of man','IM'),
('india','IN'), ('british indian ocean territory','IO'), ('iraq','IQ'), ('iran','IR'),
('iceland','IS'), ('italy','IT'), ('jersey','JE'), ('jamaica','JM'), ('jordan','JO'),
('japan','JP'), ('kenya','KE'), ('kyrgyzstan','KG'), ('cambodia','KH'), ('kiribati','KI'),
('comoros','KM'), ('st kitts nevis','KN'), ('north korea','KP'), ('south korea','KR'),
('kuwait','KW'), ('cayman islands','KY'), ('kazakhstan','KZ'), ('laos','LA'), ('lebanon','LB'),
('st lucia','LC'), ('liechtenstein','LI'), ('sri lanka','LK'), ('liberia','LR'), ('lesotho','LS'),
('lithuania','LT'), ('luxembourg','LU'), ('latvia','LV'), ('libya','LY'), ('morocco','MA'),
('monaco','MC'), ('moldova','MD'), ('montenegro','ME'), ('st martin','MF'), ('madagascar','MG'),
('marshall islands','MH'), ('north macedonia','MK'), ('mali','ML'), ('myanmar burma','MM'),
('mongolia','MN'), ('macao sar china','MO'), ('northern mariana islands','MP'),
('martinique','MQ'), ('mauritania','MR'), ('montserrat','MS'), ('malta','MT'), ('mauritius','MU'),
('maldives','MV'), ('malawi','MW'), ('mexico','MX'), ('malaysia','MY'), ('mozambique','MZ'),
('namibia','NA'), ('new caledonia','NC'), ('niger','NE'), ('norfolk island','NF'),
('nigeria','NG'), ('nicaragua','NI'), ('netherlands','NL'), ('norway','NO'), ('nepal','NP'),
('nauru','NR'), ('niue','NU'), ('new zealand','NZ'), ('oman','OM'), ('panama','PA'),
('peru','PE'), ('french polynesia','PF'), ('papua new guinea','PG'), ('philippines','PH'),
('pakistan','PK'), ('poland','PL'), ('st pierre miquelon','PM'), ('pitcairn islands','PN'),
('puerto rico','PR'), ('palestinian territories','PS'), ('portugal','PT'), ('palau','PW'),
('paraguay','PY'), ('qatar','QA'), ('reunion','RE'), ('romania','RO'), ('serbia','RS'),
('russia','RU'), ('rwanda','RW'), ('saudi arabia','SA'), ('solomon islands','SB'),
('seychelles','SC'), ('sudan','SD'), ('sweden','SE'), ('singapore','SG'), ('st helena','SH'),
('slovenia','SI'), ('svalbard jan mayen','SJ'), ('slovakia','SK'), ('sierra leone','SL'),
('san marino','SM'), ('senegal','SN'), ('somalia','SO'), ('suriname','SR'), ('south sudan','SS'),
('sao tome principe','ST'), ('el salvador','SV'), ('sint maarten','SX'), ('syria','SY'),
('eswatini','SZ'), ('turks caicos islands','TC'), ('chad','TD'),
('french southern territories','TF'), ('togo','TG'), ('thailand','TH'), ('tajikistan','TJ'),
('tokelau','TK'), ('timor leste','TL'), ('turkmenistan','TM'), ('tunisia','TN'), ('tonga','TO'),
('turkiye','TR'), ('trinidad tobago','TT'), ('tuvalu','TV'), ('taiwan','TW'), ('tanzania','TZ'),
('ukraine','UA'), ('uganda','UG'), ('u s outlying islands','UM'), ('united states','US'),
('uruguay','UY'), ('uzbekistan','UZ'), ('vatican city','VA'), ('st vincent grenadines','VC'),
('venezuela','VE'), ('british virgin islands','VG'), ('u s virgin islands','VI'),
('vietnam','VN'), ('vanuatu','VU'), ('wallis futuna','WF'), ('samoa','WS'), ('yemen','YE'),
('mayotte','YT'), ('south africa','ZA'), ('zambia','ZM'), ('zimbabwe','ZW'),
('emiratos arabes unidos','AE'), ('afganistan','AF'), ('antigua y barbuda','AG'),
('anguila','AI'), ('antartida','AQ'), ('samoa americana','AS'), ('islas aland','AX'),
('azerbaiyan','AZ'), ('bosnia y herzegovina','BA'), ('banglades','BD'), ('belgica','BE'),
('barein','BH'), ('san bartolome','BL'), ('bermudas','BM'), ('caribe neerlandes','BQ'),
('brasil','BR'), ('butan','BT'), ('isla bouvet','BV'), ('botsuana','BW'), ('bielorrusia','BY'),
('belice','BZ'), ('islas cocos','CC'), ('republica democratica del congo','CD'),
('republica centroafricana','CF'), ('congo','CG'), ('suiza','CH'), ('islas cook','CK'),
('camerun','CM'), ('cabo verde','CV'), ('curazao','CW'), ('isla de navidad','CX'),
('chipre','CY'), ('chequia','CZ'), ('alemania','DE'), ('yibuti','DJ'), ('dinamarca','DK'),
('republica dominicana','DO'), ('argelia','DZ'), ('egipto','EG'), ('sahara occidental','EH'),
('espana','ES'), ('etiopia','ET'), ('finlandia','FI'), ('fiyi','FJ'), ('islas malvinas','FK'),
('islas feroe','FO'), ('francia','FR'), ('reino unido','GB'), ('granada','GD'),
('guayana francesa','GF'), ('guernesey','GG'), ('groenlandia','GL'), ('guadalupe','GP'),
('guinea ecuatorial','GQ'), ('grecia','GR'), ('islas georgia del sur y sandwich del sur','GS'),
('guinea bisau','GW'), ('rae de hong kong china','HK'), ('islas heard y mcdonald','HM'),
('croacia','HR'), ('hungria','HU'), ('irlanda','IE'), ('isla de man','IM'),
('territorio britanico del oceano indico','IO'), ('irak','IQ'), ('islandia','IS'),
('italia','IT'), ('jordania','JO'), ('japon','JP'), ('kenia','KE'), ('kirguistan','KG'),
('camboya','KH'), ('comoras','KM'), ('san cristobal y nieves','KN'), ('corea del norte','KP'),
('corea del sur','KR'), ('islas caiman','KY'), ('kazajistan','KZ'), ('libano','LB'),
('santa lucia','LC'), ('lesoto','LS'), ('lituania','LT'), ('luxemburgo','LU'), ('letonia','LV'),
('libia','LY'), ('marruecos','MA'), ('moldavia','MD'), ('san martin','MF'),
('islas marshall','MH'), ('macedonia del norte','MK'), ('myanmar birmania','MM'),
('rae de macao china','MO'), ('islas marianas del norte','MP'), ('martinica','MQ'),
('mauricio','MU'), ('maldivas','MV'), ('malaui','MW'), ('malasia','MY'), ('nueva caledonia','NC'),
('isla norfolk','NF'), ('paises bajos','NL'), ('noruega','NO'), ('nueva zelanda','NZ'),
('polinesia francesa','PF'), ('papua nueva guinea','PG'), ('filipinas','PH'), ('polonia','PL'),
('san pedro y miquelon','PM'), ('islas pitcairn','PN'), ('territorios palestinos','PS'),
('palaos','PW'), ('catar','QA'), ('rumania','RO'), ('rusia','RU'), ('ruanda','RW'),
('arabia saudi','SA'), ('islas salomon','SB'), ('suecia','SE'), ('singapur','SG'),
('santa elena','SH'), ('eslovenia','SI'), ('svalbard y jan mayen','SJ'), ('eslovaquia','SK'),
('sierra leona','SL'), ('surinam','SR'), ('sudan del sur','SS'), ('santo tome y principe','ST'),
('siria','SY'), ('esuatini','SZ'), ('islas turcas y caicos','TC'),
('territorios australes franceses','TF'), ('tailandia','TH'), ('tayikistan','TJ'), ('tunez','TN'),
('turquia','TR'), ('trinidad y tobago','TT'), ('ucrania','UA'),
('islas menores alejadas de ee uu','UM'), ('estados unidos','US'), ('ciudad del vaticano','VA'),
('san vicente y las granadinas','VC'), ('islas virgenes britanicas','VG'),
('islas virgenes de ee uu','VI'), ('wallis y futuna','WF'), ('sudafrica','ZA'), ('zimbabue','ZW'),
('ad','AD'), ('ae','AE'), ('af','AF'), ('ag','AG'), ('ai','AI'), ('al','AL'), ('am','AM'),
('ao','AO'), ('aq','AQ'), ('ar','AR'), ('as','AS'), ('at','AT'), ('au','AU'), ('aw','AW'),
('ax','AX'), ('az','AZ'), ('ba','BA'), ('bb','BB'), ('bd','BD'), ('be','BE'), ('bf','BF'),
('bg','BG'), ('bh','BH'), ('bi','BI'), ('bj','BJ'), ('bl','BL'), ('bm','BM'), ('bn','BN'),
('bo','BO'), ('bq','BQ'), ('br','BR'), ('bs','BS'), ('bt','BT'), ('bv','BV'), ('bw','BW'),
('by','BY'), ('bz','BZ'), ('ca','CA'), ('cc','CC'), ('cd','CD'), ('cf','CF'), ('cg','CG'),
('ch','CH'), ('ci','CI'), ('ck','CK'), ('cl','CL'), ('cm','CM'), ('cn','CN'), ('co','CO'),
('cr','CR'), ('cu','CU'), ('cv','CV'), ('cw','CW'), ('cx','CX'), ('cy','CY'), ('cz','CZ'),
('de','DE'), ('dj','DJ'), ('dk','DK'), ('dm','DM'), ('do','DO'), ('dz','DZ'), ('ec','EC'),
('ee','EE'), ('eg','EG'), ('eh','EH'), ('er','ER'), ('es','ES'), ('et','ET'), ('fi','FI'),
('fj','FJ'), ('fk','FK'), ('fm','FM'), ('fo','FO'), ('fr','FR'), ('ga','GA'), ('gb','GB'),
('gd','GD'), ('ge','GE'), ('gf','GF'), ('gg','GG'), ('gh','GH'), ('gi','GI'), ('gl','GL'),
('gm','GM'), ('gn','GN'), ('gp','GP'), ('gq','GQ'), ('gr','GR'), ('gs','GS'), ('gt','GT'),
('gu','GU'), ('gw','GW'), ('gy','GY'), ('hk','HK'), ('hm','HM'), ('hn','HN'), ('hr','HR'),
('ht','HT'), ('hu','HU'), ('id','ID'), ('ie','IE'), ('il','IL'), ('im','IM'), ('in','IN'),
('io','IO'), ('iq','IQ'), ('ir','IR'), ('is','IS'), ('it','IT'), ('je','JE'), ('jm','JM'),
('jo','JO'), ('jp','JP'), ('ke','KE'), ('kg','KG'), ('kh','KH'), ('ki','KI'), ('km','KM'),
('kn','KN'), ('kp','KP'), ('kr','KR'), ('kw','KW'), ('ky','KY'), ('kz','KZ'), ('la','LA'),
('lb','LB'), ('lc','LC'), ('li','LI'), ('lk','LK'), ('lr','LR'), ('ls','LS'), ('lt','LT'),
('lu','LU'), ('lv','LV'), ('ly','LY'), ('ma','MA'), ('mc','MC'), ('md','MD'), ('me','ME'),
('mf','MF'), ('mg','MG'), ('mh','MH'), ('mk','MK'), ('ml','ML'), ('mm','MM'), ('mn','MN'),
('mo','MO'), ('mp','MP'), ('mq','MQ'), ('mr','MR'), ('ms','MS'), ('mt','MT'), ('mu','MU'),
('mv','MV'), ('mw','MW'), ('mx','MX'), ('my','MY'), ('mz','MZ'), ('na','NA'), ('nc','NC'),
('ne','NE'), ('nf','NF'), ('ng','NG'), ('ni','NI'), ('nl','NL'), ('no','NO'), ('np','NP'),
('nr','NR'), ('nu','NU'), ('nz','NZ'), ('om','OM'), ('pa','PA'), ('pe','PE'), ('pf','PF'),
('pg','PG'), ('ph','PH'), ('pk','PK'), ('pl','PL'), ('pm','PM'), ('pn','PN'), ('pr','PR'),
('ps','PS'), ('pt','PT'), ('pw','PW'), ('py','PY'), ('qa','QA'), ('re','RE'), ('ro','RO'),
('rs','RS'), ('ru','RU'), ('rw','RW'), ('sa','SA'), ('sb','SB'), ('sc','SC'), ('sd','SD'),
('se','SE'), ('sg','SG'), ('sh','SH'), ('si','SI'), ('sj','SJ'), ('sk','SK'), ('sl','SL'),
('sm','SM'), ('sn','SN'), ('so','SO'), ('sr','SR'), ('ss','SS'), ('st','ST'), ('sv','SV'),
('sx','SX'), ('sy','SY'), ('sz','SZ'), ('tc','TC'), ('td','TD'), ('tf','TF'), ('tg','TG'),
('th','TH'), ('tj','TJ'), ('tk','TK'), ('tl','TL'), ('tm','TM'), ('tn','TN'), ('to','TO'),
('tr','TR'), ('tt','TT'), ('tv','TV'), ('tw','TW'), ('tz','TZ'), ('ua','UA'), ('ug','UG'),
('um','UM'), ('us','US'), ('uy','UY'), ('uz','UZ'), ('va','VA'), ('vc','VC'), ('ve','VE'),
('vg','VG'), ('vi','VI'), ('vn','VN'), ('vu','VU'), ('wf','WF'), ('ws','WS'), ('ye','YE'),
('yt','YT'), ('za','ZA'), ('zm','ZM'), ('zw','ZW'), ('mejico','MX'),
('estados unidos mexicanos','MX'), ('republica mexicana','MX'), ('mex','MX'),
('united mexican states','MX'), ('usa','US'), ('eeuu','US'), ('ee uu','US'), ('eua','US'),
('united states of america','US'), ('estados unidos de america','US'), ('uk','GB'),
('england','GB'), ('inglaterra','GB')
  ) AS known (name, code)
  WHERE known.name = btrim(regexp_replace(lower(translate("users"."country", 'ÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãåéèêëíìîïóòôöõúùûüñç', 'AAAAAAEEEEIIIIOOOOOUUUUNCaaaaaaeeeeiiiiooooouuuunc')), '[^a-z0-9]+', ' ', 'g'))
);--> statement-breakpoint
-- 5. A Mexican address's state, from its city or else its municipality when either is a state's
-- name (accents and case aside: "Puebla", "CDMX", "Nuevo Leon"); otherwise none.
UPDATE "users" SET "state" = coalesce(
  (SELECT known.code FROM (VALUES
('aguascalientes','AGU'), ('baja california','BCN'), ('baja california sur','BCS'),
('campeche','CAM'), ('chiapas','CHP'), ('chihuahua','CHH'), ('ciudad de mexico','CMX'),
('cdmx','CMX'), ('df','CMX'), ('d f','CMX'), ('distrito federal','CMX'), ('mexico city','CMX'),
('mexico df','CMX'), ('mexico d f','CMX'), ('coahuila','COA'), ('coahuila de zaragoza','COA'),
('colima','COL'), ('durango','DUR'), ('guanajuato','GUA'), ('guerrero','GRO'), ('hidalgo','HID'),
('jalisco','JAL'), ('estado de mexico','MEX'), ('edomex','MEX'), ('edo mex','MEX'),
('edo de mexico','MEX'), ('state of mexico','MEX'), ('michoacan','MIC'),
('michoacan de ocampo','MIC'), ('morelos','MOR'), ('nayarit','NAY'), ('nuevo leon','NLE'),
('oaxaca','OAX'), ('puebla','PUE'), ('queretaro','QUE'), ('queretaro de arteaga','QUE'),
('quintana roo','ROO'), ('san luis potosi','SLP'), ('sinaloa','SIN'), ('sonora','SON'),
('tabasco','TAB'), ('tamaulipas','TAM'), ('tlaxcala','TLA'), ('veracruz','VER'),
('veracruz de ignacio de la llave','VER'), ('yucatan','YUC'), ('zacatecas','ZAC')
  ) AS known (name, code) WHERE known.name = btrim(regexp_replace(lower(translate("users"."city", 'ÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãåéèêëíìîïóòôöõúùûüñç', 'AAAAAAEEEEIIIIOOOOOUUUUNCaaaaaaeeeeiiiiooooouuuunc')), '[^a-z0-9]+', ' ', 'g'))),
  (SELECT known.code FROM (VALUES
('aguascalientes','AGU'), ('baja california','BCN'), ('baja california sur','BCS'),
('campeche','CAM'), ('chiapas','CHP'), ('chihuahua','CHH'), ('ciudad de mexico','CMX'),
('cdmx','CMX'), ('df','CMX'), ('d f','CMX'), ('distrito federal','CMX'), ('mexico city','CMX'),
('mexico df','CMX'), ('mexico d f','CMX'), ('coahuila','COA'), ('coahuila de zaragoza','COA'),
('colima','COL'), ('durango','DUR'), ('guanajuato','GUA'), ('guerrero','GRO'), ('hidalgo','HID'),
('jalisco','JAL'), ('estado de mexico','MEX'), ('edomex','MEX'), ('edo mex','MEX'),
('edo de mexico','MEX'), ('state of mexico','MEX'), ('michoacan','MIC'),
('michoacan de ocampo','MIC'), ('morelos','MOR'), ('nayarit','NAY'), ('nuevo leon','NLE'),
('oaxaca','OAX'), ('puebla','PUE'), ('queretaro','QUE'), ('queretaro de arteaga','QUE'),
('quintana roo','ROO'), ('san luis potosi','SLP'), ('sinaloa','SIN'), ('sonora','SON'),
('tabasco','TAB'), ('tamaulipas','TAM'), ('tlaxcala','TLA'), ('veracruz','VER'),
('veracruz de ignacio de la llave','VER'), ('yucatan','YUC'), ('zacatecas','ZAC')
  ) AS known (name, code) WHERE known.name = btrim(regexp_replace(lower(translate("users"."municipality", 'ÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãåéèêëíìîïóòôöõúùûüñç', 'AAAAAAEEEEIIIIOOOOOUUUUNCaaaaaaeeeeiiiiooooouuuunc')), '[^a-z0-9]+', ' ', 'g'))))
WHERE "country" = 'MX';--> statement-breakpoint
-- Generated, moved after the data they need: every row has an exterior number and a country
-- code (or none) by now.
ALTER TABLE "users" ALTER COLUMN "exterior_number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_country_check" CHECK ("users"."country" ~ '^[A-Z]{2}$');

"""Builds rtf_source_city.txt: a word processor's RTF source of a fictional city chapter (run from anywhere)."""

from pathlib import Path

H = r"""{\rtf1\adeflang1025\ansi\ansicpg1252\uc1\adeff31507\deff0\stshfdbch31505\stshfloch31506\stshfhich31506\stshfbi31507\deflang1033\deflangfe1033\themelang1033\themelangfe0\themelangcs0
{\fonttbl{\f0\fbidi \froman\fcharset0\fprq2{\*\panose 02020603050405020304}Times New Roman;}{\f2\fbidi \fmodern\fcharset0\fprq1{\*\panose 02070309020205020404}Courier New;}
{\f37\fbidi \fswiss\fcharset0\fprq2{\*\panose 020f0502020204030204}Calibri;}}
{\colortbl;\red0\green0\blue0;\red0\green0\blue255;\red255\green255\blue255;}
{\*\defchp \f31506\fs22 }{\*\defpap \ql \li0\ri0\sa160\sl259\slmult1 }
{\stylesheet{\ql \li0\ri0\sa160\sl259\slmult1\widctlpar\wrapdefault\aspalpha\aspnum\faauto\adjustright\rin0\lin0\itap0 \rtlch\fcs1 \af31507\afs22\alang1025 \ltrch\fcs0 \fs22\lang1033\langfe1033\cgrid\langnp1033\langfenp1033 \snext0 \sqformat \spriority0 Normal;}
{\s1\ql \li0\ri0\sb240\sa60\keepn\widctlpar \b\fs24 \sbasedon0 \snext0 \slink15 \sqformat heading 1;}{\*\cs10 \additive \ssemihidden Default Paragraph Font;}
{\s39\ql \li0\ri0\sa100\widctlpar\tqr\tldot\tx9350 \fs22 \sbasedon0 \snext0 toc 1;}}
{\*\listtable{\list\listtemplateid-1\listsimple{\listlevel\levelnfc0\leveljc0\levelfollow0\levelstartat1{\leveltext\'02\'00.;}{\levelnumbers\'01;}}\listid1}}
{\*\rsidtbl \rsid1070\rsid155923\rsid4607718\rsid9187113}
{\*\generator Microsoft Word 16.0;}{\info{\title Chapter 11 Individual Sewage Treatment}{\author City Clerk}{\operator Deputy Clerk}{\creatim\yr2022\mo3\dy14\hr9\min12}{\revtim\yr2024\mo1\dy8\hr15\min40}{\version7}{\edmins88}{\nofpages6}{\nofwords2140}{\nofchars12200}{\*\company City of Tessaly}{\vern57}}
{\*\xmlnstbl {\xmlns1 http://schemas.microsoft.com/office/word/2003/wordml}}
\paperw12240\paperh15840\margl1440\margr1440\margt1440\margb1440\gutter0\ltrsect
\widowctrl\ftnbj\aenddoc\trackmoves0\trackformatting1\donotembedsysfont1\relyonvml0\donotembedlingdata0\grfdocevents0\validatexml1\showplaceholdtext0\ignoremixedcontent0\saveinvalidxml0\showxmlerrors1
\sectd \ltrsect\linex0\headery708\footery708\colsx708\endnhere\sectlinegrid360\sectdefaultcl\sftnbj
{\headerr \ltrpar \pard\plain \ltrpar\s17\qr \li0\ri0\widctlpar\tqc\tx4680\tqr\tx9360\wrapdefault\faauto\rin0\lin0\itap0 \rtlch\fcs1 \af31507\afs22 \ltrch\fcs0 \i\fs18
{\rtlch\fcs1 \af31507 \ltrch\fcs0 \insrsid4607718 TESSALY CITY CODE \endash  INDIVIDUAL SEWAGE TREATMENT\par }}
{\footerr \ltrpar \pard\plain \ltrpar\s18\qc \li0\ri0\widctlpar\wrapdefault\faauto\rin0\lin0\itap0 \fs18 {\rtlch\fcs1 \af31507 \ltrch\fcs0 \insrsid4607718 Supp. No. 14 (1-2024)\tab 11-}{\field{\*\fldinst {\rtlch\fcs1 \af31507 \ltrch\fcs0 \insrsid4607718  PAGE   \\* MERGEFORMAT }}{\fldrslt {\rtlch\fcs1 \af31507 \ltrch\fcs0 \lang1024\langfe1024\noproof\insrsid4607718 3}}}\sectd \ltrsect\linex0\endnhere\sectlinegrid360\sectdefaultcl\sftnbj {\rtlch\fcs1 \af31507 \ltrch\fcs0 \insrsid4607718 \par }}
"""


def para(text, style=r"\ql \li0\ri0\sa160", rsid="9187113"):
    return (
        "\\pard\\plain \\ltrpar"
        + style
        + r"\widctlpar\wrapdefault\aspalpha\aspnum\faauto\adjustright\rin0\lin0\itap0 \rtlch\fcs1 \af31507\afs22 \ltrch\fcs0 \fs22 {\rtlch\fcs1 \af31507 \ltrch\fcs0 \insrsid"
        + rsid
        + " "
        + text
        + "\\par }\n"
    )


def heading(num, title, bm):
    return (
        "\\pard\\plain \\ltrpar\\s1\\ql \\li0\\ri0\\sb240\\sa60\\keepn\\widctlpar \\b\\fs24 "
        "{\\*\\bkmkstart "
        + bm
        + "}{\\rtlch\\fcs1 \\af31507 \\ltrch\\fcs0 \\insrsid155923 Section "
        + num
        + ".\\tab "
        + title
        + ".}{\\*\\bkmkend "
        + bm
        + "}"
        "{\\rtlch\\fcs1 \\af31507 \\ltrch\\fcs0 \\insrsid155923 \\par }\n"
    )


def item(text):
    """A list item with a hanging indent."""
    return para(text, style=r"\ql \fi-720\li720\ri0\sa160")


def history(text):
    return para(r"{\i " + text + "}", style=r"\ql \li720\ri0\sa160")


body = []
body.append(
    para(r"\b CHAPTER 11\line INDIVIDUAL SEWAGE TREATMENT SYSTEMS", style=r"\qc \li0\ri0\sa160")
)
toc = (
    r'\pard\plain \ltrpar\s39\ql \li0\ri0\sa100\widctlpar\tqr\tldot\tx9350 \fs22 {\field\fldedit{\*\fldinst {\rtlch\fcs1 \af31507 \ltrch\fcs0 \insrsid1070  TOC \\o "1-3" \\h \\z \\u }}{\fldrslt '
    r'{\field{\*\fldinst {\insrsid1070  HYPERLINK \\l "_Toc1" }}{\fldrslt {\insrsid1070 Section 11.01.\tab Definitions.\tab }{\field{\*\fldinst {\insrsid1070  PAGEREF _Toc1 \\h }}{\fldrslt {\insrsid1070 1}}}}}\par '
    r'{\field{\*\fldinst {\insrsid1070  HYPERLINK \\l "_Toc2" }}{\fldrslt {\insrsid1070 Section 11.02.\tab Permits.\tab }{\field{\*\fldinst {\insrsid1070  PAGEREF _Toc2 \\h }}{\fldrslt {\insrsid1070 2}}}}}\par '
    r'{\field{\*\fldinst {\insrsid1070  HYPERLINK \\l "_Toc3" }}{\fldrslt {\insrsid1070 Section 11.03.\tab Septic tanks.\tab }{\field{\*\fldinst {\insrsid1070  PAGEREF _Toc3 \\h }}{\fldrslt {\insrsid1070 3}}}}}\par '
    r"}}\pard\plain \ltrpar\ql \fs22 {\insrsid1070 \par }"
    "\n"
)
body.append(toc)
body.append(heading("11.01", "Definitions", "_Toc1"))
body.append(
    para(
        r'For the purposes of this chapter, the following words have the meanings given to them.{\v  XE "bedroom" }'
    )
)
body.append(
    item(
        r"(a)\tab \ldblquote Bedroom\rdblquote  means a room of at least 70 square feet that has a window and a closet, or that the building official finds may be used for sleeping."
    )
)
body.append(
    item(
        r"(b)\tab \ldblquote Failing system\rdblquote  means a system that discharges sewage to the ground surface or to a well, or whose tank leaks below its operating depth."
    )
)
body.append(history(r"(Ord. 2012-4, \'a7 1, 5-7-2012)"))
body.append(heading("11.02", "Permits", "_Toc2"))
body.append(
    item(
        r"(a)\tab No person shall install, alter, repair or extend an individual sewage treatment system without a permit from the building official.{\super \chftn }{\footnote \ltrpar \pard\plain \s20\ql \fs20 {\super \chftn }{ Editor\rquote s note: Permit fees are set by council resolution.\par }}"
    )
)
body.append(
    item(
        r"(b)\tab A permit is valid for fourteen (14) months from the date it is issued. The building official may extend it once, for {\deleted\revauth1 three (3)}{\insrsid4607718 six (6)} months, on written request before it ex\-pires."
    )
)
# a run wrapped across source lines (line ends in RTF source are not text)
body.append(
    item(
        "(c)\\tab The owner shall keep the permit card posted at the site until the final inspec\r\ntion is approved."
    )
)
body.append(history(r"(Ord. 2012-4, \'a7 1, 5-7-2012; Ord. 2019-2, \'a7 3, 2-4-2019)"))
body.append(heading("11.03", "Septic tanks", "_Toc3"))
body.append(
    item(
        r"(a)\tab The liquid capacity of a septic tank serving a dwelling shall be at least as given in Table 11-1."
    )
)
tank = (
    r"\pard\plain \ltrpar\ql \li720\ri0\sa0\keep\keepn \f2\fs20 {\f2\insrsid9187113 Table 11-1. Minimum septic tank liquid capacity (gallons)\line "
    r"Bedrooms       Capacity\line "
    r"2 or fewer        900\line "
    r"3               1,050\line "
    r"4               1,300\line "
    r"5               1,550\line "
    r"6               1,800\par }"
    "\n"
)
body.append(tank)
body.append(
    item(
        r"(b)\tab A tank for more than six bedrooms shall be sized by the building official\u8212\'97not less than 250 gallons for each bedroom over six."
    )
)
body.append(history(r"(Ord. 2019-2, \'a7 4, 2-4-2019)"))
body.append(
    r"\pard\plain \ltrpar\ql \li0\ri0\sa160 {\rtlch\fcs1 \af31507 \ltrch\fcs0 \insrsid9187113 \page }"
    "\n"
)
body.append(heading("11.04", "Setbacks", "_Toc4"))
body.append(
    para(
        r"Every part of a system shall be set back from the features below at least the distances in Table 11-2."
    )
)


def row(cells, header=False):
    r = (
        r"\trowd \irow0\irowband0\ltrrow\ts11\trgaph108\trleft-108\trbrdrt\brdrs\brdrw10 \trbrdrl\brdrs\brdrw10 \trftsWidth1\trautofit1 \clvertalt\clbrdrt\brdrs\brdrw10 \cltxlrtb\clftsWidth3\clwWidth3116 \cellx3008\clvertalt\cltxlrtb\clftsWidth3\clwWidth3117 \cellx6125\clvertalt\cltxlrtb\clftsWidth3\clwWidth3117 \cellx9242"
        "\n"
    )
    out = r
    for c in cells:
        out += (
            r"\pard\plain \ltrpar\ql \li0\ri0\widctlpar\intbl\wrapdefault\aspalpha\aspnum\faauto\adjustright\rin0\lin0 \fs22 {\insrsid9187113 "
            + c
            + r"}{\insrsid9187113 \cell }"
            "\n"
        )
    out += (
        r"\pard\plain \ltrpar\ql \li0\ri0\sa160\widctlpar\intbl\wrapdefault \fs22 {\insrsid9187113 \trowd \irow0\irowband0\ltrrow\ts11\trgaph108 \cellx3008\cellx6125\cellx9242\row }"
        "\n"
    )
    return out


body.append(para(r"Table 11-2. Setbacks (feet)"))
body.append(row(["Feature", "Septic tank", "Soil treatment area"]))
body.append(row(["Private water well", "60", "110"]))
body.append(row([r"Lake or stream\par (ordinary high water)", "75", "110"]))
body.append(row(["Property line", "10", "12"]))
body.append(row(["Building", "10", "22"]))
body.append(history(r"(Ord. 2019-2, \'a7 5, 2-4-2019)"))
body.append(heading("11.05", "Inspections", "_Toc5"))
body.append(
    para(
        r"The owner or the owner\rquote s installer shall notify the building official at least two (2) working days before the final inspection. No system shall be covered before it is inspected."
    )
)
body.append(
    para(
        r"{\*\atnid BO}{\*\annotation {\insrsid1 Check the deadline with the attorney.}}A failing system shall be upgraded, replaced or abandoned within ten (10) months of the notice of noncompliance."
    )
)
body.append(history(r"(Ord. 2012-4, \'a7 1, 5-7-2012)"))
tail = r"""{\*\themedata 504b030414000600080000002100e9de0fbfff0000001c020000130000005b436f6e74656e745f54797065735d2e786d6cac91cb4ec3301045f748fc83e52d4a
9cb2400825e982c78ec7a27cc0c8992416c9d8b2a755fbf74cd25442a820166c2cd933f79e3be372bd1f07b5c3989ca74aaff2422b24eb1b475da5df374fd9ad}
{\*\colorschememapping 3c3f786d6c2076657273696f6e3d22312e302220656e636f64696e673d225554462d3822207374616e64616c6f6e653d22796573223f3e}
{\*\latentstyles\lsdstimax376\lsdlockeddef0\lsdsemihiddendef0\lsdunhideuseddef0\lsdqformatdef0\lsdprioritydef99{\lsdlockedexcept \lsdqformat1 \lsdpriority0 \lsdlocked0 Normal;\lsdqformat1 \lsdpriority9 \lsdlocked0 heading 1;}}
{\*\datastore 01050000
02000000180000004d73786d6c322e534158584d4c5265616465722e362e30000000000000000000000e0000
d0cf11e0a1b11ae1000000000000000000000000000000003e000300feff0900060000000000000000000000010000000100000000000000001000000200000001000000feffffff0000000000000000ffffffffffffffffffffffffffffffff}}"""
src = H + "".join(body) + tail
src = src.replace("\r\n", "\x00").replace("\n", "\r\n").replace("\x00", "\r\n")
Path(__file__).with_name("rtf_source_city.txt").write_bytes(src.encode("ascii"))

"""Writes `parallel_translation_city.pdf`: a fictional city code chapter set as a parallel
translation, the English text (the law) in the left column and a courtesy translation in Spanish
in the right one, paragraph beside paragraph, with a running head and a column header on every
page. Test data only: run `python tests/data/formats/make_parallel_translation_city_pdf.py` to
rebuild it."""

from __future__ import annotations

from pathlib import Path

from fpdf import FPDF

HERE = Path(__file__).parent

# (number, English title, Spanish title, [(English paragraph, Spanish paragraph), ...])
SECTIONS: list[tuple[str, str, str, list[tuple[str, str]]]] = [
    ("612.01", "PURPOSE", "PROPOSITO", [
        ("This chapter sets the standards for the location, design, installation, use and "
         "maintenance of subsurface sewage treatment systems in the City, to protect the "
         "public health and the waters of the City.",
         "Este capitulo establece las normas para la ubicacion, el diseno, la instalacion, el "
         "uso y el mantenimiento de los sistemas de tratamiento de aguas residuales en la "
         "Ciudad, para proteger la salud publica y las aguas de la Ciudad."),
    ]),
    ("612.02", "PERMITS", "PERMISOS", [
        ("(a) No person shall install, alter or replace a system without a permit from the "
         "Building Official.",
         "(a) Ninguna persona podra instalar, modificar o reemplazar un sistema sin un permiso "
         "del Funcionario de Construccion."),
        ("(b) A permit is valid for fifteen (15) months from the date it is issued and may be "
         "extended once, for not more than ninety (90) days, on a written request made before "
         "it expires.",
         "(b) Un permiso es valido por quince (15) meses desde la fecha de su emision y puede "
         "prorrogarse una vez, por no mas de noventa (90) dias, mediante una solicitud escrita "
         "presentada antes de su vencimiento."),
        ("(c) Where a tank fails and sewage backs up into a building, a licensed business may "
         "make an emergency repair, and the owner shall apply for the permit within three "
         "business days after the work begins.",
         "(c) Cuando falle un tanque y las aguas residuales regresen a un edificio, una empresa "
         "con licencia podra hacer una reparacion de emergencia, y el propietario debera "
         "solicitar el permiso dentro de los tres dias habiles siguientes al inicio del trabajo."),
    ]),
    ("612.03", "SEPTIC TANKS", "TANQUES SEPTICOS", [
        ("(a) A septic tank serving a dwelling of three or fewer bedrooms shall have a liquid "
         "capacity of not less than 1,150 gallons, plus 325 gallons for each bedroom over three.",
         "(a) Un tanque septico que sirva a una vivienda de tres o menos dormitorios tendra una "
         "capacidad liquida de no menos de 1,150 galones, mas 325 galones por cada dormitorio "
         "adicional a tres."),
        ("(b) Every septic tank shall have at least two compartments and an effluent screen.",
         "(b) Todo tanque septico tendra al menos dos compartimentos y un filtro de efluente."),
    ]),
    ("612.04", "PUMPING", "BOMBEO", [
        ("The owner shall have each septic tank pumped by a licensed business at least once "
         "every thirty-six (36) months, and shall give the City a copy of the pumping report "
         "within thirty (30) days.",
         "El propietario hara bombear cada tanque septico por una empresa con licencia al menos "
         "una vez cada treinta y seis (36) meses, y entregara a la Ciudad una copia del informe "
         "de bombeo dentro de los treinta (30) dias."),
    ]),
]  # fmt: skip


class _Pdf(FPDF):
    def header(self) -> None:
        self.set_font("Helvetica", "I", 8)
        self.cell(0, 5, "CITY OF VALDEROSA CITY CODE - CHAPTER 612", align="C")
        self.ln(6)
        self.set_font("Helvetica", "B", 8)
        self.cell(90, 5, "ENGLISH (OFFICIAL TEXT)")
        self.set_x(110)
        self.cell(90, 5, "ESPANOL (TRADUCCION DE CORTESIA)")
        self.ln(8)


def main() -> None:
    pdf = _Pdf(format="letter")
    pdf.set_auto_page_break(False)
    pdf.set_margins(15, 15, 15)
    pdf.add_page()
    width = 88.0
    for number, title, titulo, paragraphs in SECTIONS:
        rows = [(f"{number}  {title}.", f"{number}  {titulo}.", True), *(
            (en, es, False) for en, es in paragraphs)]  # fmt: skip
        for english, spanish, bold in rows:
            if pdf.get_y() > 240:
                pdf.add_page()
            pdf.set_font("Helvetica", "B" if bold else "", 10)
            top = pdf.get_y()
            pdf.set_xy(15, top)
            pdf.multi_cell(width, 5, english)
            left_end = pdf.get_y()
            pdf.set_xy(110, top)
            pdf.multi_cell(width, 5, spanish)
            pdf.set_y(max(left_end, pdf.get_y()) + 3)
    pdf.output(str(HERE / "parallel_translation_city.pdf"))


if __name__ == "__main__":
    main()

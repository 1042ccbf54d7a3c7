//! What the pieces are worth: the one material count of the evaluations, the
//! capture resolution and the combination prover.

use crate::{Color, Position};

/// The worth of a man and of a king, in hundredths of a man.
///
/// # Examples
///
/// ```
/// use shashki::Position;
/// use shashki::eval::Material;
///
/// let position: Position = "W:Wc3,e3,Kg3:Bb6".parse().unwrap();
/// assert_eq!(Material::SEARCH.balance(&position, shashki::Color::White), 200 + 270 - 100);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Material {
    /// A man's worth: the unit, 100.
    pub man: i32,
    /// A king's worth.
    pub king: i32,
}

impl Material {
    /// The search's count (the hand-written evaluation, material-only play and the
    /// capture resolution): a king is worth 2.7 men.
    pub const SEARCH: Material = Material {
        man: 100,
        king: 270,
    };

    /// The combination prover's count, the one the gains a player is shown are in: a
    /// king is worth two and a half men, as players count.
    pub const COMBINATION: Material = Material {
        man: 100,
        king: 250,
    };

    /// The material of `color` in `position`.
    #[inline]
    pub fn of(self, position: &Position, color: Color) -> i32 {
        self.count(
            position.men(color).count() as i32,
            position.kings_of(color).count() as i32,
        )
    }

    /// The material of `men` men and `kings` kings.
    #[inline]
    pub const fn count(self, men: i32, kings: i32) -> i32 {
        men * self.man + kings * self.king
    }

    /// The material of `side` less the other side's.
    #[inline]
    pub fn balance(self, position: &Position, side: Color) -> i32 {
        self.of(position, side) - self.of(position, side.opposite())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_balance_is_the_sides_material_less_the_others() {
        let position: Position = "W:Wc3,e3,Kg3:Bb6,Kh8".parse().unwrap();
        assert_eq!(Material::SEARCH.balance(&position, Color::White), 470 - 370);
        assert_eq!(Material::SEARCH.balance(&position, Color::Black), -100);
        assert_eq!(Material::COMBINATION.balance(&position, Color::White), 100);
        assert_eq!(Material::COMBINATION.of(&position, Color::Black), 350);
    }

    #[test]
    fn a_king_is_worth_between_two_and_a_half_and_three_men() {
        for material in [Material::SEARCH, Material::COMBINATION] {
            assert_eq!(material.man, 100);
            assert!((250..=300).contains(&material.king), "{material:?}");
        }
    }
}

fn main() {
    println!("sha3-asip: under construction");
}
